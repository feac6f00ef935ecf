"""keras-yolo3's YOLO class, trimmed (tests/codemod/test_session_graph_class.py): a session from the backend, an
image-shape placeholder, output tensors built once in generate() and run with a feed_dict in detect_image().
`python yolo_class_probe.py OUT.npz` writes what detect_image gives on a fixed image and prints ok."""
import sys

import numpy as np
from keras import backend as K
from keras.layers import Conv2D, Dropout, Input
from keras.models import Model


def yolo_eval(yolo_outputs, anchors, num_classes, image_shape, score_threshold=.6, iou_threshold=.5):
    """Boxes scaled to the image, the best class's score (zero under the threshold) and the class, per cell."""
    feats = K.reshape(yolo_outputs, (-1, num_classes + 4))
    boxes = K.sigmoid(feats[:, :4]) * K.concatenate([image_shape, image_shape]) * float(np.mean(anchors))
    class_probs = K.softmax(feats[:, 4:])
    scores = K.max(class_probs, axis=-1)
    scores = scores * K.cast(scores >= score_threshold, 'float32') * (1.0 - iou_threshold)
    classes = K.argmax(class_probs, axis=-1)
    return boxes, scores, classes


class YOLO:
    def __init__(self):
        self.class_names = ['cat', 'dog', 'car']
        self.anchors = np.array([[1.0, 2.0], [3.0, 4.0]])
        self.score = 0.6
        self.iou = 0.45
        self.sess = K.get_session()
        self.boxes, self.scores, self.classes = self.generate()

    def generate(self):
        inputs = Input(shape=(8, 8, 3))
        x = Dropout(0.5)(inputs)
        x = Conv2D(len(self.class_names) + 4, 3, padding='same')(x)
        self.yolo_model = Model(inputs, x)
        rng = np.random.RandomState(0)
        self.yolo_model.set_weights([rng.normal(size=w.shape).astype('float32') for w in self.yolo_model.get_weights()])

        # Generate output tensor targets for filtered bounding boxes.
        self.input_image_shape = K.placeholder(shape=(2, ))
        boxes, scores, classes = yolo_eval(self.yolo_model.output, self.anchors,
                len(self.class_names), self.input_image_shape,
                score_threshold=self.score, iou_threshold=self.iou)
        return boxes, scores, classes

    def detect_image(self, image):
        image_data = np.expand_dims(image.astype('float32') / 255., 0)
        out_boxes, out_scores, out_classes = self.sess.run(
            [self.boxes, self.scores, self.classes],
            feed_dict={
                self.yolo_model.input: image_data,
                self.input_image_shape: [image.shape[0] * 40, image.shape[1] * 30],
                K.learning_phase(): 0
            })
        return out_boxes, out_scores, out_classes

    def close_session(self):
        self.sess.close()


if __name__ == '__main__':
    yolo = YOLO()
    image = np.random.RandomState(1).randint(0, 256, (8, 8, 3))
    boxes, scores, classes = yolo.detect_image(image)
    yolo.close_session()
    np.savez(sys.argv[1], boxes=boxes, scores=scores, classes=classes)
    print('ok')
