from keras.models import Sequential
from keras.layers import Dense, Activation

model = Sequential()
model.add(Dense(20, input_dim=18))
model.add(Activation('relu'))
model.add(Dense(9))

for episode in xrange(10):
    print 'episode', episode
    model.save_weights('weights.h5', overwrite=True)
