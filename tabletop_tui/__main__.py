import sys

from tabletop_tui.cli import main

sys.exit(main())
