"""memory_growth_preamble: must-not-change cases first, then before/after."""

import textwrap
from pathlib import Path

from migrate.codemod.rules.memory_growth_preamble import used_only_as_session
from tests.codemod.helpers import assert_rewrites, assert_unchanged

RULE = "memory_growth_preamble"


def test_session_uses_and_look_alikes_stay():
    assert_unchanged("""
        import tensorflow as tf
        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
        sess = tf.Session(config=config)
        sess.run(init)
    """, RULE)
    assert_unchanged("""
        from mylib import tf
        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
    """, RULE)


def test_the_config_still_used_before_it_is_rebound_stays():
    assert_unchanged("""
        import tensorflow as tf
        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
        tf.keras.backend.set_session(tf.Session(config=config))
        run(config)
        from config import config
    """, RULE)


def test_the_preamble_becomes_memory_growth_for_each_gpu():
    assert_rewrites("""
        import tensorflow as tf
        from keras import backend as K
        # let TensorFlow take GPU memory as it needs it
        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
        K.set_session(tf.Session(config=config))
        model = build()
    """, """
        import tensorflow as tf
        from keras import backend as K
        # let TensorFlow take GPU memory as it needs it
        for gpu in tf.config.list_physical_devices('GPU'):
            tf.config.experimental.set_memory_growth(gpu, True)
        model = build()
    """, RULE)


def test_set_session_imported_by_name_goes_with_its_last_call():
    # germain-hug/Deep-RL-Keras main.py:17: left, the import fails under Keras 3 (keras.backend has no set_session)
    assert_rewrites("""
        import tensorflow as tf
        from keras.backend import set_session
        from keras.backend.tensorflow_backend import set_session
        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
        set_session(tf.Session(config=config))
    """, """
        import tensorflow as tf
        for gpu in tf.config.list_physical_devices('GPU'):
            tf.config.experimental.set_memory_growth(gpu, True)
    """, RULE)
    assert_unchanged("""
        from keras.backend import set_session
        set_session(sess)
    """, RULE)


def test_the_session_variable_form_inside_a_function():
    assert_rewrites("""
        import tensorflow as tf
        import keras.backend.tensorflow_backend as KTF

        def setup(gpu):
            config = tf.compat.v1.ConfigProto()
            config.gpu_options.allow_growth = True
            session = tf.compat.v1.Session(config=config)
            KTF.set_session(session)
    """, """
        import tensorflow as tf
        import keras.backend.tensorflow_backend as KTF

        def setup(gpu):
            for _gpu in tf.config.list_physical_devices('GPU'):
                tf.config.experimental.set_memory_growth(_gpu, True)
    """, RULE)


def test_other_options_become_their_tf2_call_or_a_comment_and_a_report():
    findings = assert_rewrites("""
        import tensorflow as tf
        from keras import backend as K
        config = tf.ConfigProto()
        config.allow_soft_placement = True
        config.gpu_options.allow_growth = True
        config.gpu_options.per_process_gpu_memory_fraction = 0.9
        config.log_device_placement = False
        K.set_session(tf.Session(config=config))
    """, """
        import tensorflow as tf
        from keras import backend as K
        # migrate: gpu_options.per_process_gpu_memory_fraction = 0.9 became memory growth: TensorFlow 2 has no ConfigProto
        for gpu in tf.config.list_physical_devices('GPU'):
            tf.config.experimental.set_memory_growth(gpu, True)
        tf.config.set_soft_device_placement(True)
        tf.debugging.set_log_device_placement(False)
    """, RULE)
    assert [(f.line, "per_process_gpu_memory_fraction" in f.message) for f in findings] == [(7, True)]


def test_a_config_name_rebound_after_the_preamble_is_another_object():
    # navidstuv/NuClick models/models.py: the preamble, then `from config import config` (the project's settings).
    assert_rewrites("""
        import tensorflow as tf
        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
        tf.keras.backend.set_session(tf.Session(config=config))
        from config import config

        multiGPU = config.multiGPU
    """, """
        import tensorflow as tf
        for gpu in tf.config.list_physical_devices('GPU'):
            tf.config.experimental.set_memory_growth(gpu, True)
        from config import config

        multiGPU = config.multiGPU
    """, RULE)


def test_options_given_to_configproto_itself():
    # experiencor/keras-yolo3 train.py: GPUOptions inside the ConfigProto call, compat.v1 names, and
    # tf.compat.v1.keras.backend.set_session, which Keras 3 lacks
    findings = assert_rewrites("""
        import tensorflow as tf

        config = tf.compat.v1.ConfigProto(
            gpu_options = tf.compat.v1.GPUOptions(per_process_gpu_memory_fraction=0.9)
            # device_count = {'GPU': 1}
        )
        config.gpu_options.allow_growth = True
        session = tf.compat.v1.Session(config=config)
        tf.compat.v1.keras.backend.set_session(session)

        def main():
            pass
    """, """
        import tensorflow as tf

        # migrate: gpu_options.per_process_gpu_memory_fraction = 0.9 became memory growth: TensorFlow 2 has no ConfigProto
        for gpu in tf.config.list_physical_devices('GPU'):
            tf.config.experimental.set_memory_growth(gpu, True)

        def main():
            pass
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(4, True)]


def test_allow_growth_given_to_gpuoptions():
    assert_rewrites("""
        import tensorflow as tf
        from keras import backend as K
        config = tf.ConfigProto(gpu_options=tf.GPUOptions(allow_growth=True), allow_soft_placement=True)
        K.set_session(tf.Session(config=config))
    """, """
        import tensorflow as tf
        from keras import backend as K
        for gpu in tf.config.list_physical_devices('GPU'):
            tf.config.experimental.set_memory_growth(gpu, True)
        tf.config.set_soft_device_placement(True)
    """, RULE)


def test_a_function_with_a_config_of_its_own_is_not_a_use():
    # experiencor/keras-yolo3 train.py: _main_ reads `config = json.loads(...)` after the module's preamble
    assert_rewrites("""
        import tensorflow as tf
        from keras import backend as K
        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
        K.set_session(tf.Session(config=config))

        def check(labels):
            # compare the seen labels with the given labels in config.json
            print('Please revise the list of labels in the config.json.')

        def _main_(args):
            with open(args.conf) as f:
                config = json.loads(f.read())
            return config['train']
    """, """
        import tensorflow as tf
        from keras import backend as K
        for gpu in tf.config.list_physical_devices('GPU'):
            tf.config.experimental.set_memory_growth(gpu, True)

        def check(labels):
            # compare the seen labels with the given labels in config.json
            print('Please revise the list of labels in the config.json.')

        def _main_(args):
            with open(args.conf) as f:
                config = json.loads(f.read())
            return config['train']
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        from keras import backend as K
        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
        K.set_session(tf.Session(config=config))

        def uses_the_global():
            return config.gpu_options
    """, RULE)


def test_device_count_alone_becomes_the_first_gpus_made_visible():
    # foamliu/Deep-Image-Matting predit_single.py: no allow_growth, only a device count; one CPU is TF's default
    findings = assert_rewrites("""
        import keras.backend as K
        import tensorflow as tf

        config = tf.ConfigProto(device_count = {"GPU": 1, "CPU": 1})
        sess = tf.Session(config=config)
        K.set_session(sess)

        if __name__ == '__main__':
            run()
    """, """
        import keras.backend as K
        import tensorflow as tf

        tf.config.set_visible_devices(tf.config.list_physical_devices('GPU')[:1], 'GPU')

        if __name__ == '__main__':
            run()
    """, RULE)
    assert findings == []


def test_threads_and_placement_logging_alone_become_tf_config_calls():
    assert_rewrites("""
        import tensorflow as tf
        from keras import backend as K
        config = tf.ConfigProto(intra_op_parallelism_threads=4, inter_op_parallelism_threads=2)
        config.log_device_placement = True
        K.set_session(tf.Session(config=config))
    """, """
        import tensorflow as tf
        from keras import backend as K
        tf.config.threading.set_intra_op_parallelism_threads(4)
        tf.config.threading.set_inter_op_parallelism_threads(2)
        tf.debugging.set_log_device_placement(True)
    """, RULE)


def test_a_preamble_with_only_one_cpu_leaves_nothing_but_its_comments():
    assert_rewrites("""
        import tensorflow as tf
        from keras import backend as K
        # one CPU device
        config = tf.ConfigProto(device_count={'CPU': 1})
        K.set_session(tf.Session(config=config))
        model = build()
    """, """
        import tensorflow as tf
        from keras import backend as K
        # one CPU device
        model = build()
    """, RULE)


def test_without_allow_growth_an_option_tf2_cannot_say_leaves_the_preamble_to_the_report():
    for options in ("device_count={'CPU': 4}", "device_count=counts", "device_count={'GPU': n}",
                    "gpu_options=tf.GPUOptions(visible_device_list='1')"):
        assert_unchanged(f"""
            import tensorflow as tf
            from keras import backend as K
            config = tf.ConfigProto({options})
            K.set_session(tf.Session(config=config))
        """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        config = tf.ConfigProto(device_count={'GPU': 1})
        sess = tf.Session(config=config)
        sess.run(init)
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        config = tf.ConfigProto(device_count={'GPU': 1})
    """, RULE)


def test_tf_star_imported_from_a_module_of_the_project(tmp_path):
    # aurora95/Keras-FCN train.py and inference.py never import tensorflow: `tf` comes with `from models import *`
    from migrate.codemod.engine import run
    from migrate.codemod.registry import all_rules

    (tmp_path / "models.py").write_text("from keras.layers import *\nimport tensorflow as tf\n")
    (tmp_path / "train.py").write_text(textwrap.dedent("""
        import keras.backend as K
        from models import *

        if __name__ == '__main__':
            config = tf.ConfigProto(gpu_options=tf.GPUOptions(allow_growth=True))
            session = tf.Session(config=config)
            K.set_session(session)
            train()
    """))
    summary = run([tmp_path / "train.py", tmp_path / "models.py"], all_rules())
    got = {Path(r.path).name: (r.rewritten or b"").decode() for r in summary.results}
    assert got["train.py"] == textwrap.dedent("""
        import keras.backend as K
        from models import *

        if __name__ == '__main__':
            for gpu in tf.config.list_physical_devices('GPU'):
                tf.config.experimental.set_memory_growth(gpu, True)
            train()
    """)
    assert summary.sites_for_review == 0


def _run(tmp_path, files: dict[str, str]) -> tuple[dict[str, str], object]:
    from migrate.codemod.engine import run
    from migrate.codemod.registry import all_rules

    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(textwrap.dedent(text))
    summary = run([tmp_path], all_rules())
    return {Path(r.path).relative_to(tmp_path).as_posix(): (r.rewritten or b"").decode() for r in summary.results}, summary


NETWORKS = """
    import tensorflow as tf

    def get_session():
        \"\"\" Limit session memory usage
        \"\"\"
        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
        return tf.Session(config=config)
"""
MAIN = """
    from keras.backend.tensorflow_backend import set_session
    from utils.networks import get_session

    def main(args):
        set_session(get_session())
        train(args)
"""


def test_a_session_factory_whose_session_is_only_installed_or_dropped(tmp_path):
    # germain-hug/Deep-RL-Keras utils/networks.py + main.py; WeidiXie/VGG-Speaker-Recognition tool/toolkits.py
    toolkits = """
        import os

        def initialize_GPU(args):
            # Initialize GPUs
            import tensorflow as tf
            os.environ["CUDA_VISIBLE_DEVICES"] = args.gpu
            config = tf.ConfigProto()
            config.gpu_options.allow_growth = True
            session = tf.Session(config=config)
            return session
    """
    got, summary = _run(tmp_path, {"utils/networks.py": NETWORKS, "main.py": MAIN, "tool/toolkits.py": toolkits,
                                   "src/predict.py": "import toolkits\n\ntoolkits.initialize_GPU(args)\n"})
    assert got["utils/networks.py"] == textwrap.dedent("""
        import tensorflow as tf

        def get_session():
            \"\"\" Limit session memory usage
            \"\"\"
            for gpu in tf.config.list_physical_devices('GPU'):
                tf.config.experimental.set_memory_growth(gpu, True)
    """)
    assert got["main.py"] == textwrap.dedent("""
        from utils.networks import get_session

        def main(args):
            get_session()
            train(args)
    """)
    assert got["tool/toolkits.py"] == textwrap.dedent("""
        import os

        def initialize_GPU(args):
            # Initialize GPUs
            import tensorflow as tf
            os.environ["CUDA_VISIBLE_DEVICES"] = args.gpu
            for _gpu in tf.config.list_physical_devices('GPU'):
                tf.config.experimental.set_memory_growth(_gpu, True)
    """)
    assert summary.sites_for_review == 0


def test_a_session_factory_whose_session_is_used_or_never_called_stays(tmp_path):
    for caller in ("sess = get_session()\nsess.run(init)\n",  # the session is used: TF1 graph code
                   "# get_session() gives the session\n",  # a line it cannot read
                   ""):  # no call in the run: callers out of sight
        got, summary = _run(tmp_path, {"utils/networks.py": NETWORKS,
                                       "other.py": f"from utils.networks import get_session\n{caller}"})
        assert "set_memory_growth" not in got["utils/networks.py"] and "Session(config=config)" in \
            (got["utils/networks.py"] or NETWORKS), caller


def test_a_memory_fraction_alone_becomes_memory_growth_and_advice_naming_the_cap():
    """ASRT_SpeechRecognition's and dlgo's preamble: a cap, no allow_growth (both ask that the process not take the
    whole GPU). The cap goes with the ConfigProto; the advice says how TF2 sets one."""
    findings = assert_rewrites("""
        import os
        if __name__ == '__main__':
            import tensorflow as tf
            from keras.backend.tensorflow_backend import set_session
            os.environ["CUDA_VISIBLE_DEVICES"] = "0"
            config = tf.ConfigProto()
            config.gpu_options.per_process_gpu_memory_fraction = 0.93
            set_session(tf.Session(config=config))
    """, """
        import os
        if __name__ == '__main__':
            import tensorflow as tf
            os.environ["CUDA_VISIBLE_DEVICES"] = "0"
            # migrate: gpu_options.per_process_gpu_memory_fraction = 0.93 became memory growth: TensorFlow 2 has no ConfigProto
            for gpu in tf.config.list_physical_devices('GPU'):
                tf.config.experimental.set_memory_growth(gpu, True)
    """, RULE)
    assert [(f.line, f.advice, "memory_limit=" in f.message) for f in findings] == [(8, True, True)]
    findings = assert_rewrites("""
        import tensorflow as tf
        from keras import backend as K
        def set_gpu_memory_target(frac):
            config = tf.ConfigProto(gpu_options=tf.GPUOptions(per_process_gpu_memory_fraction=frac))
            K.set_session(tf.Session(config=config))
    """, """
        import tensorflow as tf
        from keras import backend as K
        def set_gpu_memory_target(frac):
            # migrate: gpu_options.per_process_gpu_memory_fraction = frac became memory growth: TensorFlow 2 has no ConfigProto
            for gpu in tf.config.list_physical_devices('GPU'):
                tf.config.experimental.set_memory_growth(gpu, True)
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(5, True)]


UTILS = """
    import os
    import tensorflow as tf

    def get_session(gpu_fraction=0.6):
        '''Assume that you have 6GB of GPU memory and want to allocate ~2GB'''

        num_threads = os.environ.get('OMP_NUM_THREADS')
        gpu_options = tf.GPUOptions(per_process_gpu_memory_fraction=gpu_fraction)

        if num_threads:
            return tf.Session(config=tf.ConfigProto(
                gpu_options=gpu_options, intra_op_parallelism_threads=num_threads, allow_soft_placement=True))
        else:
            return tf.Session(config=tf.ConfigProto(gpu_options=gpu_options, allow_soft_placement=True))
"""


def test_a_session_factory_returning_a_session_per_branch(tmp_path):
    # GlassyWing/text-detection-ocr dlocr/ctpn/lib/utils.py:248, its session installed by four scripts, imported
    # through the package (dlocr/__init__.py) and over two lines in __main__.py
    main = """
        import keras.backend as K

        from dlocr import default_dict_path, \\
            get_session

        if __name__ == '__main__':
            K.set_session(get_session())
    """
    got, summary = _run(tmp_path, {"dlocr/ctpn/lib/utils.py": UTILS, "dlocr/__init__.py":
                                   "from dlocr.ctpn.lib.utils import get_session\n", "dlocr/__main__.py": main,
                                   "dlocr/densenet_train.py": "import keras.backend as K\nfrom dlocr.ctpn.lib import "
                                                              "utils\nK.set_session(utils.get_session(0.8))\n"})
    cap = "# migrate: gpu_options.per_process_gpu_memory_fraction = gpu_fraction became memory growth: TensorFlow 2 " \
          "has no ConfigProto"
    assert got["dlocr/ctpn/lib/utils.py"] == textwrap.dedent(f"""
        import os
        import tensorflow as tf

        def get_session(gpu_fraction=0.6):
            '''Assume that you have 6GB of GPU memory and want to allocate ~2GB'''

            num_threads = os.environ.get('OMP_NUM_THREADS')

            if num_threads:
                {cap}
                for gpu in tf.config.list_physical_devices('GPU'):
                    tf.config.experimental.set_memory_growth(gpu, True)
                tf.config.threading.set_intra_op_parallelism_threads(num_threads)
                tf.config.set_soft_device_placement(True)
            else:
                {cap}
                for gpu in tf.config.list_physical_devices('GPU'):
                    tf.config.experimental.set_memory_growth(gpu, True)
                tf.config.set_soft_device_placement(True)
    """)
    assert got["dlocr/__main__.py"] == textwrap.dedent(main).replace("K.set_session(get_session())", "get_session()")
    assert got["dlocr/densenet_train.py"].endswith("\nutils.get_session(0.8)\n")
    assert summary.sites_for_review == 0
    assert [f.advice for r in summary.results for f in r.findings if "memory growth" in f.message] == [True, True]


def test_a_session_factory_per_branch_with_another_return_or_use_of_its_options_stays(tmp_path):
    for changed in (UTILS.replace("        else:\n            return tf.Session(", "        else:\n"
                                  "            print(gpu_options)\n            return tf.Session("),
                    UTILS.replace("        else:\n            return tf.Session(config=tf.ConfigProto(gpu_options="
                                  "gpu_options, allow_soft_placement=True))", "        return None")):
        got, _ = _run(tmp_path, {"dlocr/ctpn/lib/utils.py": changed,
                                 "run.py": "import keras.backend as K\nfrom dlocr.ctpn.lib.utils import get_session\n"
                                           "K.set_session(get_session())\n"})
        assert "set_memory_growth" not in got["dlocr/ctpn/lib/utils.py"] and "set_session(" in got["run.py"]


def test_a_session_function_used_only_for_set_session_by_its_own_name():
    # One run over several repositories: Keras's `sess = K.get_session()` is not a use of a project's get_session
    # when the defining module is given, and a line commented out (EfficientDet's `# K.set_session(get_session())`)
    # is no use at all
    sources = [("utils.py", b"def get_session():\n    return tf.Session()\n"),
               ("train.py", b"from utils import get_session\nK.set_session(get_session())\n"),
               ("other.py", b"sess = K.get_session()\n# sess = get_session()\n")]
    assert used_only_as_session("get_session", sources, "utils")
    assert not used_only_as_session("get_session", sources)
    assert not used_only_as_session("get_session", [*sources, ("run.py", b"utils.get_session().run(x)\n")], "utils")
    assert not used_only_as_session("get_session", sources[:1] + sources[2:], "utils")  # never called


def test_a_config_written_in_the_session_call_installed_in_place():
    # rossumai/keras-multi-gpu's kuza55 examples: no config statement, the ConfigProto given in the session's call
    assert_rewrites("""
        import tensorflow as tf
        from keras import backend as K
        K.set_session(tf.Session(config=tf.ConfigProto(gpu_options=tf.GPUOptions(allow_growth=True))))
        model = build()
    """, """
        import tensorflow as tf
        from keras import backend as K
        for gpu in tf.config.list_physical_devices('GPU'):
            tf.config.experimental.set_memory_growth(gpu, True)
        model = build()
    """, RULE)


def test_a_session_with_its_config_in_the_call_assigned_then_installed():
    assert_rewrites("""
        import tensorflow as tf
        from keras import backend as K

        sess = tf.Session(config=tf.ConfigProto(log_device_placement=True))
        K.set_session(sess)
        model = build()
    """, """
        import tensorflow as tf
        from keras import backend as K

        tf.debugging.set_log_device_placement(True)
        model = build()
    """, RULE)


def test_gpu_options_bound_on_the_line_before_the_config_or_the_session():
    # the snippet of TensorFlow 1's GPU guide, copied into countless Keras scripts
    findings = assert_rewrites("""
        import tensorflow as tf
        from keras.backend.tensorflow_backend import set_session

        def main():
            gpu_options = tf.GPUOptions(per_process_gpu_memory_fraction=0.333)
            sess = tf.Session(config=tf.ConfigProto(gpu_options=gpu_options))
            set_session(sess)
            train()
    """, """
        import tensorflow as tf

        def main():
            # migrate: gpu_options.per_process_gpu_memory_fraction = 0.333 became memory growth: TensorFlow 2 has no ConfigProto
            for gpu in tf.config.list_physical_devices('GPU'):
                tf.config.experimental.set_memory_growth(gpu, True)
            train()
    """, RULE)
    assert any("memory_limit" in finding.message for finding in findings)
    assert_rewrites("""
        import tensorflow as tf
        from keras import backend as K
        gpu_options = tf.GPUOptions(allow_growth=True)
        config = tf.ConfigProto(gpu_options=gpu_options, allow_soft_placement=True)
        K.set_session(tf.Session(config=config))
    """, """
        import tensorflow as tf
        from keras import backend as K
        for gpu in tf.config.list_physical_devices('GPU'):
            tf.config.experimental.set_memory_growth(gpu, True)
        tf.config.set_soft_device_placement(True)
    """, RULE)


def test_an_inline_preamble_whose_session_or_gpu_options_is_read_elsewhere_stays():
    assert_unchanged("""
        import tensorflow as tf
        from keras import backend as K
        sess = tf.Session(config=tf.ConfigProto(gpu_options=tf.GPUOptions(allow_growth=True)))
        K.set_session(sess)
        sess.run(tf.global_variables_initializer())
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        from keras import backend as K
        gpu_options = tf.GPUOptions(allow_growth=True)
        K.set_session(tf.Session(config=tf.ConfigProto(gpu_options=gpu_options)))
        print(gpu_options)
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        from keras import backend as K
        sess = tf.Session(config=tf.ConfigProto(gpu_options=tf.GPUOptions(allow_growth=True)))

        def predict(x):
            return sess.run(y, {inputs: x})
        K.set_session(sess)
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        from keras import backend as K
        K.set_session(tf.Session(config=tf.ConfigProto(gpu_options=tf.GPUOptions(visible_device_list="1"))))
    """, RULE)


def test_comments_at_the_end_of_the_preamble_s_lines_are_read_past_and_kept_above_it():
    # kpot/keras-transformer example/utils.py: the allow_growth line ends with a comment
    assert_rewrites("""
        import tensorflow as tf

        def contain_tf_gpu_mem_usage():
            from keras.backend.tensorflow_backend import set_session
            config = tf.ConfigProto()  # TF1's session options
            config.gpu_options.allow_growth = True  # dynamically grow the memory
            sess = tf.Session(config=config)
            set_session(sess)
    """, """
        import tensorflow as tf

        def contain_tf_gpu_mem_usage():
            # TF1's session options
            # dynamically grow the memory
            for gpu in tf.config.list_physical_devices('GPU'):
                tf.config.experimental.set_memory_growth(gpu, True)
    """, RULE)


def test_a_session_spelt_in_a_comment_is_still_read_only_by_set_session():
    # rossumai/keras-multi-gpu kuza55 examples: the previous preamble left commented out above the live one
    assert_rewrites("""
        import tensorflow as tf
        from keras import backend as K
        # sess = tf.Session(config=tf.ConfigProto(log_device_placement=True))
        sess = tf.Session(config=tf.ConfigProto(allow_soft_placement=True))
        K.set_session(sess)
    """, """
        import tensorflow as tf
        from keras import backend as K
        # sess = tf.Session(config=tf.ConfigProto(log_device_placement=True))
        tf.config.set_soft_device_placement(True)
    """, RULE)
    assert_rewrites("""
        import tensorflow as tf
        from keras import backend as K
        gpu_options = tf.GPUOptions(allow_growth=True)
        # config = tf.ConfigProto(gpu_options=gpu_options)
        K.set_session(tf.Session(config=tf.ConfigProto(gpu_options=gpu_options)))
    """, """
        import tensorflow as tf
        from keras import backend as K
        # config = tf.ConfigProto(gpu_options=gpu_options)
        for gpu in tf.config.list_physical_devices('GPU'):
            tf.config.experimental.set_memory_growth(gpu, True)
    """, RULE)


def test_a_session_made_without_a_config_and_only_installed_goes():
    # rossumai/keras-multi-gpu kuza55 examples and Keras-era scripts: `sess = tf.Session(); K.set_session(sess)`,
    # TF1's fresh session of the default graph, which TF2 (eager, no session) needs nothing for
    assert_rewrites("""
        import tensorflow as tf
        from keras import backend as K
        # a session of its own
        sess = tf.Session()
        K.set_session(sess)
        model = build()
    """, """
        import tensorflow as tf
        from keras import backend as K
        # a session of its own
        model = build()
    """, RULE)
    assert_rewrites("""
        import tensorflow as tf
        from keras.backend import set_session

        def main():
            set_session(tf.Session())
            train()
    """, """
        import tensorflow as tf

        def main():
            train()
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        from keras import backend as K
        sess = tf.Session()
        K.set_session(sess)
        sess.run(tf.global_variables_initializer())
        other = tf.Session(graph=graph)
        K.set_session(other)
    """, RULE)


def test_set_session_imported_by_name_goes_with_its_inline_preamble():
    assert_rewrites("""
        import tensorflow as tf
        from keras.backend import set_session
        def main():
            set_session(tf.Session(config=tf.ConfigProto(allow_soft_placement=True)))
            train()
    """, """
        import tensorflow as tf
        def main():
            tf.config.set_soft_device_placement(True)
            train()
    """, RULE)


def test_a_session_given_the_default_graph_is_a_preamble_too():
    # alinamarcu/ruralscapes-nn train_baseline_ground_truth_only.py: thread pools set, the default graph named
    assert_rewrites("""
        import tensorflow as tf
        session_conf = tf.ConfigProto(intra_op_parallelism_threads=1, inter_op_parallelism_threads=1)
        from keras import backend as K
        tf.set_random_seed(1234)
        sess = tf.Session(graph=tf.get_default_graph(), config=session_conf)
        K.set_session(sess)

        def main():
            K.set_session(tf.Session(graph=tf.get_default_graph()))
            train()
    """, """
        import tensorflow as tf
        tf.config.threading.set_intra_op_parallelism_threads(1)
        tf.config.threading.set_inter_op_parallelism_threads(1)
        from keras import backend as K
        tf.set_random_seed(1234)

        def main():
            train()
    """, RULE)
    assert_unchanged("""
        import tensorflow as tf
        from keras import backend as K
        config = tf.ConfigProto(intra_op_parallelism_threads=1)
        K.set_session(tf.Session(graph=graph, config=config))
    """, RULE)


def test_assignments_spaced_otherwise_are_the_same_preamble():
    """ypwhs/captcha_break's notebook cell: `allow_growth=True` with no spaces, `config = config` spaced in the
    session's call; tf.keras's backend."""
    assert_rewrites("""
        import tensorflow as tf
        import tensorflow.keras.backend as K

        config = tf.ConfigProto()
        config.gpu_options.allow_growth=True
        config.log_device_placement  =  True
        sess=tf.Session(config = config)
        K.set_session(sess)
    """, """
        import tensorflow as tf
        import tensorflow.keras.backend as K

        for gpu in tf.config.list_physical_devices('GPU'):
            tf.config.experimental.set_memory_growth(gpu, True)
        tf.debugging.set_log_device_placement(True)
    """, RULE)


def test_a_preamble_spelt_through_keras_2s_backend_re_export_of_tensorflow():
    # PavlosMelissinos/enet-keras src/predict.py: `K.tf` is the tensorflow module (Keras 2's backend re-exported it).
    # Left at the first run, the preamble was converted at the second, once other rules had spelt it `tensorflow`.
    assert_rewrites("""
        from keras import backend as K

        if K.backend() == 'tensorflow':
            sess_config = K.tf.ConfigProto(gpu_options=K.tf.GPUOptions(allow_growth=True))
            ss = K.tf.Session(config=sess_config)
            K.set_session(ss)
    """, """
        from keras import backend as K
        import tensorflow

        if K.backend() == 'tensorflow':
            for gpu in tensorflow.config.list_physical_devices('GPU'):
                tensorflow.config.experimental.set_memory_growth(gpu, True)
    """)


def test_a_session_factory_nothing_calls_nor_imports_becomes_tf2_settings(tmp_path):
    # xuannianz/EfficientDet train.py: keras-retinanet's get_session(), its `K.set_session(get_session())` commented
    # out; no line of the run but its def spells it, so no caller is out of sight (an import would say one is)
    got, summary = _run(tmp_path, {"train.py": NETWORKS + "\n    # K.set_session(get_session())\n"})
    assert "set_memory_growth" in got["train.py"] and "Session(" not in got["train.py"]
    assert summary.sites_for_review == 0
    # Keras's own `K.get_session()` in another file of the run (EfficientDet's freeze_model.py) is no use of it
    frozen = "from keras import backend as K\nsession = K.get_session()\n"
    got, _ = _run(tmp_path / "two", {"train.py": NETWORKS + "\n    # K.set_session(get_session())\n",
                                     "freeze_model.py": frozen})
    assert "set_memory_growth" in got["train.py"] and "Session(" not in got["train.py"]
