"""Run as `KERAS_BACKEND=torch python -m tests.convert.convert_on_backend JOBS.json`: convert each (source,
reference, output) with migrate in this process, on the backend the environment chose, as a user's
`migrate convert` does. Prints, as JSON, the backend Keras ran on and each conversion's record (status, error,
where it verified, its max abs difference from the reference, the optimizer slots carried, the Lambdas lifted,
its warnings); the calling test judges them and the written files."""

import json
import sys

from migrate.convert import ConvertOptions, convert_file


def convert_one(source, reference, output):
    result = convert_file(source, ConvertOptions(output=output, reference=reference, force=True))
    rebuild = result.rebuild
    return {"status": result.status, "error": result.error,
            "verified_on": rebuild.verified_on if rebuild else None,
            "max_abs_diff": rebuild.max_abs_diff if rebuild else None,
            "optimizer_slots": rebuild.optimizer_slots if rebuild else 0,
            "lambdas_lifted": rebuild.lambdas_lifted if rebuild else 0,
            "warnings": list(rebuild.warnings) if rebuild else []}


def main(jobs_file):
    with open(jobs_file) as jobs:
        results = {name: convert_one(*job) for name, job in json.load(jobs).items()}
    import keras

    print(json.dumps({"backend": keras.backend.backend(), "results": results}))


if __name__ == "__main__":
    main(sys.argv[1])
