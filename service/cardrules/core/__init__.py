"""The pure rules core: every rule lives here once, as immutable values and pure functions.

Nothing in this package imports gRPC or protobuf or performs I/O.
"""
