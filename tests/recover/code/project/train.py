import numpy as np

from models import build
from settings import ACTIVATION, HIDDEN

data = np.loadtxt("table.csv", delimiter=",")
X, y = data[:, :-1], data[:, -1]
model = build(X.shape[1], HIDDEN, ACTIVATION)
model.fit(X, y, epochs=5)
model.save_weights("project_weights.h5")
