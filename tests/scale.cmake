# Scale and replay speed: the linear-time simulator and the template expansion
# against brute-force references (test_replay.cpp). The CLI end (solve replays its witness,
# verify-certificate says how many base cases it simulated) is cli_replay_* and cli_scale_*
# in tests/cli/cases.tsv.
target_sources(blockcast_tests PRIVATE test_replay.cpp)
