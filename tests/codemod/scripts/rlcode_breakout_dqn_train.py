"""rlcode/reinforcement-learning's 3-atari/1-breakout/breakout_dqn.py, trimmed: no gym, no TensorBoard session,
smaller frames (36x36x4, so the three convolutions end at 1x1); the agent, its hand-built training step
(`optimizer()`: placeholders, a Huber loss, RMSprop's get_updates, K.function) and `train_replay` as written there.
The memory is filled with random transitions and the agent trains twice. Rewritten by `migrate code`, it runs under
Keras 3: tests/codemod/test_backend_training_function.py."""
import random
from collections import deque

import numpy as np
from keras import backend as K
from keras.layers import Dense, Flatten
from keras.layers.convolutional import Conv2D
from keras.models import Sequential
from keras.optimizers import RMSprop


class DQNAgent:
    def __init__(self, action_size):
        self.state_size = (36, 36, 4)
        self.action_size = action_size
        self.epsilon = 1.
        self.epsilon_start, self.epsilon_end = 1.0, 0.1
        self.exploration_steps = 1000000.
        self.epsilon_decay_step = (self.epsilon_start - self.epsilon_end) \
                                  / self.exploration_steps
        self.batch_size = 32
        self.train_start = 64
        self.discount_factor = 0.99
        self.memory = deque(maxlen=400000)
        self.model = self.build_model()
        self.target_model = self.build_model()
        self.update_target_model()

        self.optimizer = self.optimizer()

        self.avg_q_max, self.avg_loss = 0, 0

    # if the error is in [-1, 1], then the cost is quadratic to the error
    # But outside the interval, the cost is linear to the error
    def optimizer(self):
        a = K.placeholder(shape=(None,), dtype='int32')
        y = K.placeholder(shape=(None,), dtype='float32')

        py_x = self.model.output

        a_one_hot = K.one_hot(a, self.action_size)
        q_value = K.sum(py_x * a_one_hot, axis=1)
        error = K.abs(y - q_value)

        quadratic_part = K.clip(error, 0.0, 1.0)
        linear_part = error - quadratic_part
        loss = K.mean(0.5 * K.square(quadratic_part) + linear_part)

        optimizer = RMSprop(lr=0.00025, epsilon=0.01)
        updates = optimizer.get_updates(self.model.trainable_weights, [], loss)
        train = K.function([self.model.input, a, y], [loss], updates=updates)

        return train

    def build_model(self):
        model = Sequential()
        model.add(Conv2D(32, (8, 8), strides=(4, 4), activation='relu',
                         input_shape=self.state_size))
        model.add(Conv2D(64, (4, 4), strides=(2, 2), activation='relu'))
        model.add(Conv2D(64, (3, 3), strides=(1, 1), activation='relu'))
        model.add(Flatten())
        model.add(Dense(512, activation='relu'))
        model.add(Dense(self.action_size))
        return model

    def update_target_model(self):
        self.target_model.set_weights(self.model.get_weights())

    def replay_memory(self, history, action, reward, next_history, dead):
        self.memory.append((history, action, reward, next_history, dead))

    def train_replay(self):
        if len(self.memory) < self.train_start:
            return
        if self.epsilon > self.epsilon_end:
            self.epsilon -= self.epsilon_decay_step

        mini_batch = random.sample(self.memory, self.batch_size)

        history = np.zeros((self.batch_size, self.state_size[0],
                            self.state_size[1], self.state_size[2]))
        next_history = np.zeros((self.batch_size, self.state_size[0],
                                 self.state_size[1], self.state_size[2]))
        target = np.zeros((self.batch_size,))
        action, reward, dead = [], [], []

        for i in range(self.batch_size):
            history[i] = np.float32(mini_batch[i][0] / 255.)
            next_history[i] = np.float32(mini_batch[i][3] / 255.)
            action.append(mini_batch[i][1])
            reward.append(mini_batch[i][2])
            dead.append(mini_batch[i][4])

        target_value = self.target_model.predict(next_history)

        for i in range(self.batch_size):
            if dead[i]:
                target[i] = reward[i]
            else:
                target[i] = reward[i] + self.discount_factor * \
                                        np.amax(target_value[i])

        loss = self.optimizer([history, action, target])
        self.avg_loss += loss[0]


if __name__ == "__main__":
    random.seed(0)
    rng = np.random.RandomState(0)
    agent = DQNAgent(action_size=3)
    before = [w.copy() for w in agent.model.get_weights()]
    for _ in range(agent.train_start):
        frames = rng.randint(0, 256, size=(1, 36, 36, 4)).astype(np.uint8)
        agent.replay_memory(frames, rng.randint(3), float(rng.randint(2)), frames[:, :, :, ::-1], bool(rng.randint(2)))
    agent.train_replay()
    agent.train_replay()
    after = agent.model.get_weights()
    assert np.isfinite(agent.avg_loss) and agent.avg_loss > 0, agent.avg_loss
    assert all(not np.array_equal(before[i], after[i]) for i in range(len(after))), "the step moved no weight"
    assert all(np.array_equal(before[i], w) for i, w in enumerate(agent.target_model.get_weights()))
    print("avg_loss", float(agent.avg_loss))
    print("ok")
