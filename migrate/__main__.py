"""`python -m migrate`: the same CLI as the `migrate` console script."""

from migrate.cli import main

main()
