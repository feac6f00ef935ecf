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

# User-Lambda samples on the Pythons whose bytecode they hold (generate.py make_lambdas):
# Python 3.6: Keras 2.2.4 + TensorFlow 1.14 (pip 21 needs every pin below to stay on py3.6-era releases).
venv="$ROOT/k224py36"
if [ ! -x "$venv/bin/python" ]; then
  "$(py 3.6)" -m venv "$venv"
  "$venv/bin/pip" install -q "pip<22"
  "$venv/bin/pip" install -q --prefer-binary --only-binary numpy,h5py,scipy,pyyaml,grpcio,tensorflow,protobuf \
    "tensorflow==1.14.0" "keras==2.2.4" "h5py==2.10.0" "numpy<1.17" "protobuf<3.20" "wheel<0.38" "setuptools<60" \
    "absl-py<0.16" "grpcio<1.49" "termcolor<2" "markdown<3.4" "werkzeug<2.1" "pyyaml<6" "scipy<1.6" \
    "importlib-metadata<4.9" "zipp<3.7" "typing-extensions<4.2" "six<1.17" "mock<4" "astor<0.9" "gast==0.2.2" \
    "wrapt<1.14" "google-pasta<0.3" "keras-applications==1.0.8" "keras-preprocessing<1.2" "tensorboard<1.15" \
    "tensorflow-estimator<1.15"
fi
(cd "$ROOT" && PYTHONHASHSEED=0 "$venv/bin/python" "$HERE/generate.py" k224py36 "$HERE")
# Python 2.7 (no venv module): Keras 2.3.1 + TensorFlow 1.15.0 installed into a folder on PYTHONPATH.
target="$ROOT/k231py27"
if [ ! -d "$target/keras" ]; then
  "$(py 2.7)" -m pip install -q --target "$target" --only-binary=grpcio,h5py,numpy,scipy "tensorflow==1.15.0" \
    "keras==2.3.1" "h5py==2.10.0" "numpy<1.17" "protobuf<3.18" "grpcio<1.40" "scipy<1.3"
  # --target skips protobuf's namespace .pth: make `google` a package that extends its path
  echo "__path__ = __import__('pkgutil').extend_path(__path__, __name__)" > "$target/google/__init__.py"
fi
(cd "$ROOT" && PYTHONHASHSEED=0 PYTHONPATH="$target" "$(py 2.7)" "$HERE/generate.py" k231py27 "$HERE")

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
