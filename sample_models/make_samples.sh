#!/bin/bash
# Rebuild sample_models/ with real legacy Keras. CI does not run this; its outputs are committed.
# Needs pyenv's Python 3.6, 3.7 and 3.8 and the package registry; about 4 minutes with a warm pip cache.
#   bash sample_models/make_samples.sh [VENV_ROOT]      (default /tmp/migrate-legacy)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=${1:-/tmp/migrate-legacy}
PYENV=${PYENV_ROOT:-/root/.pyenv}/versions
py() { ls -d "$PYENV"/"$1".*/bin/python | head -1; }

# name, python, packages
STACKS=(
  "k231|3.7|tensorflow==1.15.5 keras==2.3.1 h5py==2.10.0 numpy<1.19 protobuf<3.21"
  "k224|3.7|tensorflow==1.13.2 keras==2.2.4 h5py==2.10.0 numpy<1.17 protobuf<3.21"
  "k216|3.7|tensorflow==1.13.2 keras==2.1.6 h5py==2.10.0 numpy<1.17 protobuf<3.21"
  "tfk115|3.7|tensorflow==1.15.5 h5py==2.10.0 numpy<1.19 protobuf<3.21"
  "tfk23|3.8|tensorflow-cpu==2.3.4 h5py<3 numpy<1.19 protobuf<3.21"
)

rm -f "$HERE"/*.h5 "$HERE"/*.npz "$HERE"/*.json "$HERE"/samples.jsonl
for entry in "${STACKS[@]}"; do
  IFS='|' read -r stack pyver pkgs <<<"$entry"
  venv="$ROOT/$stack"
  if [ ! -x "$venv/bin/python" ]; then
    "$(py "$pyver")" -m venv "$venv"
    # shellcheck disable=SC2086
    "$venv/bin/pip" install -q $pkgs
  fi
  (cd "$ROOT" && PYTHONHASHSEED=0 "$venv/bin/python" "$HERE/generate.py" "$stack" "$HERE")
done

# Keras 1.2.2 (generate_keras1.py): its own pins; keras without its deps, whose PyYAML would build from source.
venv="$ROOT/k122"
if [ ! -x "$venv/bin/python" ]; then
  "$(py 3.6)" -m venv "$venv"
  "$venv/bin/pip" install -q "pip<22"
  "$venv/bin/pip" install -q "tensorflow==1.4.0" "h5py==2.7.1" "numpy<1.15" "pyyaml==5.4.1" six
  "$venv/bin/pip" install -q --no-deps "keras==1.2.2"
fi
(cd "$ROOT" && PYTHONHASHSEED=0 "$venv/bin/python" "$HERE/generate_keras1.py" k122 "$HERE")
python3 "$HERE/render_readme.py" "$HERE"
