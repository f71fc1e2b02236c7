"""The job framework: engine work in slices cut by time, for every kind of job.

Simulations, matrices, card values and suggestions are all *engine work in slices*:
a job's work is a range of units (game indices, or seed blocks of an analysis round),
cut into a few **lanes** (the job's parallelism); a **slice** plays a lane's next
units until a time slice is spent, stores what it played under the unique key
(job, first unit) and puts the lane back in line. See :mod:`work.services` for the
lifecycle and its invariants, :mod:`work.kinds` for what a job kind provides.
"""
