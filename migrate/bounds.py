"""The numbers of the one tolerance (`verify.tolerance`): per output element, |got - ref| <= ABSOLUTE + RELATIVE * |ref|.

Kept apart from `migrate.verify`, which needs NumPy, so that the CLI can print them in its help without importing
it: `migrate --help`, `inspect` and `code` start a tenth of a second sooner (NumPy was most of the CLI's import).
"""

ABSOLUTE = 1e-4
RELATIVE = 1e-6
