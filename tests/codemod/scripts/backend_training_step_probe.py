"""A Keras 2 script that builds its training steps by hand, as rlcode/reinforcement-learning's agents do: placeholders,
a loss read from the model's output, `optimizer.get_updates` and `K.function(..., updates=updates)`. A DQN step
(int32 actions one-hot encoded, RMSprop with epsilon=0.01, the loss returned), a REINFORCE step (Adam, the loss
returned, the function assigned to an attribute: Keras 2.3.1 on TensorFlow 1.15 refuses an empty output list, which
Keras 2.2.4 took), a critic step (SGD with momentum and clipnorm, get_updates by keyword, the function returned
directly) and Khev/RL-practice-keras's actor step (the model's input, output and weights given names first, K.function
by keyword, K.stop_gradient in the loss; RMSprop), each run three times on fixed batches from fixed weights. The model
has Dropout and BatchNormalization: Keras 2's function ran it in inference mode. Keras 2.3.1 (/tmp/legacy37) and the
rewritten script under Keras 3 compute the same numbers: tests/codemod/test_backend_training_function.py compares
them. Writes argv[1] (.npz)."""
import sys

import numpy as np
from keras import backend as K
from keras.layers import BatchNormalization, Dense, Dropout
from keras.models import Sequential
from keras.optimizers import SGD, Adam, RMSprop


def build_model():
    rng = np.random.RandomState(0)
    model = Sequential()
    model.add(Dense(16, activation='relu', input_dim=4))
    model.add(Dropout(0.5))
    model.add(BatchNormalization())
    model.add(Dense(3))
    model.set_weights([rng.uniform(-0.5, 0.5, size=w.shape).astype('float32') if i < 2 or i > 5 else
                       rng.uniform(0.5, 1.5, size=w.shape).astype('float32')
                       for i, w in enumerate(model.get_weights())])
    return model


class Agent:
    def __init__(self):
        self.action_size = 3
        self.model = build_model()

    def dqn_optimizer(self):
        a = K.placeholder(shape=(None,), dtype='int32')
        y = K.placeholder(shape=(None,), dtype='float32')

        py_x = self.model.output

        a_one_hot = K.one_hot(a, self.action_size)
        q_value = K.sum(py_x * a_one_hot, axis=1)
        error = K.abs(y - q_value)

        quadratic_part = K.clip(error, 0.0, 1.0)
        linear_part = error - quadratic_part
        loss = K.mean(0.5 * K.square(quadratic_part) + linear_part)

        optimizer = RMSprop(lr=0.01, epsilon=0.01)
        updates = optimizer.get_updates(self.model.trainable_weights, [], loss)
        train = K.function([self.model.input, a, y], [loss], updates=updates)

        return train

    def reinforce_optimizer(self):
        action = K.placeholder(shape=[None, 3])
        discounted_rewards = K.placeholder(shape=[None, ])

        action_prob = K.sum(action * K.softmax(self.model.output), axis=1)
        cross_entropy = K.log(action_prob) * discounted_rewards
        loss = -K.sum(cross_entropy)

        optimizer = Adam(lr=0.01)
        updates = optimizer.get_updates(self.model.trainable_weights, [],
                                        loss)
        self.train = K.function([self.model.input, action, discounted_rewards], [loss],
                                updates=updates)

    def critic_optimizer(self):
        discounted_reward = K.placeholder(shape=(None, ))
        value = self.model.output[:, 0]
        loss = K.mean(K.square(discounted_reward - value))
        optimizer = SGD(lr=0.05, momentum=0.9, clipnorm=0.5)
        updates = optimizer.get_updates(loss=loss, params=self.model.trainable_weights)
        return K.function([discounted_reward, self.model.input], [loss, value], updates=updates)

    def named_optimizer(self):
        state_holder = self.model.input
        action_onehot = K.placeholder(name='action_onehot', shape=(None, 3))
        discounted_return = K.placeholder(name='discounted_return', shape=(None,))
        prob = K.softmax(self.model.output)
        action_prob = K.sum(prob * action_onehot, axis=1)
        loss = K.mean(-K.log(action_prob) * K.stop_gradient(discounted_return))
        adam = RMSprop(lr=0.005)  # (Adam's step count, read racily by Keras 2.3.1, differs from run to run here)
        pars = self.model.trainable_weights
        updates = adam.get_updates(params=pars, loss=loss)
        self.train = K.function(inputs=[state_holder, action_onehot, discounted_return], outputs=[loss],
                                updates=updates)


rng = np.random.RandomState(1)
states = [rng.normal(size=(5, 4)) for _ in range(3)]
actions = [rng.randint(0, 3, size=5) for _ in range(3)]
targets = [rng.uniform(0, 2, size=5) for _ in range(3)]
found = {}

agent = Agent()
dqn = agent.dqn_optimizer()
found['dqn_losses'] = np.array([dqn([states[i], actions[i], targets[i]])[0] for i in range(3)])
found.update({f'dqn_w{i}': w for i, w in enumerate(agent.model.get_weights())})

agent = Agent()
agent.reinforce_optimizer()
found['reinforce_losses'] = np.array([agent.train([states[i], np.eye(3)[actions[i]], targets[i]])[0]
                                     for i in range(3)])
found.update({f'reinforce_w{i}': w for i, w in enumerate(agent.model.get_weights())})

agent = Agent()
critic = agent.critic_optimizer()
outputs = [critic([targets[i], states[i]]) for i in range(3)]
found['critic_losses'] = np.array([loss for loss, _ in outputs])
found['critic_values'] = np.array([value for _, value in outputs])
found.update({f'critic_w{i}': w for i, w in enumerate(agent.model.get_weights())})

agent = Agent()
agent.named_optimizer()
found['named_losses'] = np.array([agent.train([states[i], np.eye(3)[actions[i]], targets[i]])[0] for i in range(3)])
found.update({f'named_w{i}': w for i, w in enumerate(agent.model.get_weights())})

np.savez(sys.argv[1], **found)
print('ok')
