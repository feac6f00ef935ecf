"""Keras 2's scikit-learn wrappers as the tutorials used them: a binary KerasClassifier fitted, predicting classes
and probabilities and scored, cross-validated and grid-searched over a fit parameter and a build_fn parameter; a
three-class one on string labels with categorical_crossentropy (Keras 2 one-hot encoded them); a KerasRegressor
fitted, predicting and cross-validated. Each model's weights come from a seeded generator and its optimizer's learning
rate is 0, so training moves nothing and Keras 2.3.1 (/tmp/legacy37, scikit-learn 0.22) and the script rewritten by
`migrate code` under Keras 3 (scikit-learn 1.x) compute the same numbers:
tests/codemod/test_legacy_import_paths.py compares them. Writes argv[1] (.npz)."""
import sys

import numpy as np
from keras.layers import Dense
from keras.models import Sequential
from keras.optimizers import SGD
from keras.wrappers.scikit_learn import KerasClassifier, KerasRegressor
from sklearn.model_selection import GridSearchCV, KFold, cross_val_score

rng = np.random.RandomState(0)
X = rng.uniform(-1, 1, (60, 8)).astype('float32')
y_binary = (X[:, 0] + X[:, 1] > 0).astype('int32')
y_labels = np.array(['cat', 'dog', 'emu'])[(X[:, 2] > 0.3).astype('int32') + (X[:, 3] > 0).astype('int32')]
y_value = X.dot(rng.uniform(-1, 1, 8)).astype('float32')


def seeded(model):
    """Weights that do not depend on the Keras version's initializers."""
    weights = np.random.RandomState(1)
    model.set_weights([weights.uniform(-0.5, 0.5, w.shape).astype('float32') for w in model.get_weights()])
    return model


def create_model(units=12):
    model = Sequential()
    model.add(Dense(units, input_dim=8, activation='relu'))
    model.add(Dense(1, activation='sigmoid'))
    model.compile(loss='binary_crossentropy', optimizer=SGD(lr=0.0), metrics=['accuracy'])
    return seeded(model)


def create_three_class_model():
    model = Sequential()
    model.add(Dense(10, input_dim=8, activation='tanh'))
    model.add(Dense(3, activation='softmax'))
    model.compile(loss='categorical_crossentropy', optimizer=SGD(lr=0.0), metrics=['acc'])
    return seeded(model)


def baseline_model():
    model = Sequential()
    model.add(Dense(6, input_dim=8, kernel_initializer='normal', activation='relu'))
    model.add(Dense(1, kernel_initializer='normal'))
    model.compile(loss='mean_squared_error', optimizer=SGD(lr=0.0))
    return seeded(model)


out = {}
classifier = KerasClassifier(build_fn=create_model, epochs=2, batch_size=10, verbose=0)
classifier.fit(X, y_binary)
out["binary_predict"] = classifier.predict(X[:12])
out["binary_proba"] = classifier.predict_proba(X[:12])
out["binary_score"] = np.array(classifier.score(X, y_binary))
out["binary_folds"] = cross_val_score(classifier, X, y_binary, cv=KFold(n_splits=3))

grid = GridSearchCV(estimator=KerasClassifier(build_fn=create_model, verbose=0),
                    param_grid=dict(batch_size=[10, 20], epochs=[1], units=[2, 12]), cv=3)
result = grid.fit(X, y_binary)
out["grid_best_units"] = np.array(result.best_params_['units'])
out["grid_means"] = result.cv_results_['mean_test_score']

three = KerasClassifier(build_fn=create_three_class_model, epochs=1, batch_size=20, verbose=0)
three.fit(X, y_labels)
out["three_predict"] = three.predict(X[:12])
out["three_proba"] = three.predict_proba(X[:12])
out["three_score"] = np.array(three.score(X, y_labels))

regressor = KerasRegressor(build_fn=baseline_model, epochs=1, batch_size=5, verbose=0)
regressor.fit(X, y_value)
out["regression_predict"] = regressor.predict(X[:12])
out["regression_score"] = np.array(regressor.score(X, y_value))
out["regression_folds"] = cross_val_score(regressor, X, y_value, cv=KFold(n_splits=4))
np.savez(sys.argv[1], **out)
print("ok")
