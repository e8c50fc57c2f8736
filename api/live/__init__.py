"""The live streams' hub and where each process stands (its part, the live process's URL).
It imports only the store; what builds its events is told to it at start-up."""
