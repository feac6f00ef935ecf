"""`migrate zoo`: the convert pipeline mapped over a directory tree, resumable, crash-safe, reported."""
