"""HTTP only, one module per blueprint: load, check access, call one service, return."""
