"""Research environments: PettingZoo (AEC and parallel), Gymnasium (one learner against bots) and an
OpenSpiel Python game, over a fixed action index and observation vector.

Needs the ``rl`` extra (``pip install inferno-game[rl]``). Import the submodule you use:
``inferno.envs.pettingzoo_env``, ``inferno.envs.gymnasium_env`` (registers ``inferno/Inferno-v0``),
``inferno.envs.batch`` (N of those games stepped together, a Gymnasium vector env) or
``inferno.envs.openspiel_game`` (registers ``python_inferno``); :mod:`inferno.envs.encoding` and
:mod:`inferno.envs.observation` need only numpy.
"""
