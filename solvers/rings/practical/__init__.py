"""Short solutions for every configuration in seconds: the beam search towards the goal
ball (practical; the ball itself in goalball), the relaxed ring tables its guide reads on
three and five rings (relaxed), the two-stage reduction for five rings with two colours
(reduction), IDA* to one given target state (target_search) and the post-optimisation and
best short solver that put them together (shorten)."""
