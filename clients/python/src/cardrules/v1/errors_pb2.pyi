from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ErrorReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ERROR_REASON_UNSPECIFIED: _ClassVar[ErrorReason]
    ERROR_REASON_MALFORMED_CARD: _ClassVar[ErrorReason]
    ERROR_REASON_DUPLICATE_CARD: _ClassVar[ErrorReason]
    ERROR_REASON_CARD_NOT_IN_HAND: _ClassVar[ErrorReason]
    ERROR_REASON_WRONG_CARD_COUNT: _ClassVar[ErrorReason]
    ERROR_REASON_WRONG_HAND_COUNT: _ClassVar[ErrorReason]
    ERROR_REASON_WRONG_SEAT_COUNT: _ClassVar[ErrorReason]
    ERROR_REASON_SEAT_OUT_OF_RANGE: _ClassVar[ErrorReason]
    ERROR_REASON_OUT_OF_RANGE: _ClassVar[ErrorReason]
    ERROR_REASON_UNKNOWN_ENUM_VALUE: _ClassVar[ErrorReason]
    ERROR_REASON_INVALID_VALUE: _ClassVar[ErrorReason]
    ERROR_REASON_MISSING_VALUE: _ClassVar[ErrorReason]
    ERROR_REASON_UNEXPECTED_VALUE: _ClassVar[ErrorReason]
    ERROR_REASON_CONFLICTING_VALUES: _ClassVar[ErrorReason]
    ERROR_REASON_HAND_REQUIRED: _ClassVar[ErrorReason]
    ERROR_REASON_ANTE_NOT_COVERED: _ClassVar[ErrorReason]
    ERROR_REASON_IMPOSSIBLE_STATE: _ClassVar[ErrorReason]
    ERROR_REASON_ILLEGAL_ACTION: _ClassVar[ErrorReason]
    ERROR_REASON_ROUND_NOT_OVER: _ClassVar[ErrorReason]
    ERROR_REASON_TOO_MANY: _ClassVar[ErrorReason]
    ERROR_REASON_DUPLICATE_VALUE: _ClassVar[ErrorReason]
    ERROR_REASON_UNKNOWN_FIELD: _ClassVar[ErrorReason]
    ERROR_REASON_DUPLICATE_FIELD: _ClassVar[ErrorReason]
    ERROR_REASON_MORE_VIOLATIONS: _ClassVar[ErrorReason]
    ERROR_REASON_WRONG_LENGTH: _ClassVar[ErrorReason]
    ERROR_REASON_UNKNOWN_ALGORITHM: _ClassVar[ErrorReason]
ERROR_REASON_UNSPECIFIED: ErrorReason
ERROR_REASON_MALFORMED_CARD: ErrorReason
ERROR_REASON_DUPLICATE_CARD: ErrorReason
ERROR_REASON_CARD_NOT_IN_HAND: ErrorReason
ERROR_REASON_WRONG_CARD_COUNT: ErrorReason
ERROR_REASON_WRONG_HAND_COUNT: ErrorReason
ERROR_REASON_WRONG_SEAT_COUNT: ErrorReason
ERROR_REASON_SEAT_OUT_OF_RANGE: ErrorReason
ERROR_REASON_OUT_OF_RANGE: ErrorReason
ERROR_REASON_UNKNOWN_ENUM_VALUE: ErrorReason
ERROR_REASON_INVALID_VALUE: ErrorReason
ERROR_REASON_MISSING_VALUE: ErrorReason
ERROR_REASON_UNEXPECTED_VALUE: ErrorReason
ERROR_REASON_CONFLICTING_VALUES: ErrorReason
ERROR_REASON_HAND_REQUIRED: ErrorReason
ERROR_REASON_ANTE_NOT_COVERED: ErrorReason
ERROR_REASON_IMPOSSIBLE_STATE: ErrorReason
ERROR_REASON_ILLEGAL_ACTION: ErrorReason
ERROR_REASON_ROUND_NOT_OVER: ErrorReason
ERROR_REASON_TOO_MANY: ErrorReason
ERROR_REASON_DUPLICATE_VALUE: ErrorReason
ERROR_REASON_UNKNOWN_FIELD: ErrorReason
ERROR_REASON_DUPLICATE_FIELD: ErrorReason
ERROR_REASON_MORE_VIOLATIONS: ErrorReason
ERROR_REASON_WRONG_LENGTH: ErrorReason
ERROR_REASON_UNKNOWN_ALGORITHM: ErrorReason

class ReplayStop(_message.Message):
    __slots__ = ("index", "field", "reason", "description")
    INDEX_FIELD_NUMBER: _ClassVar[int]
    FIELD_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    index: int
    field: str
    reason: ErrorReason
    description: str
    def __init__(self, index: _Optional[int] = ..., field: _Optional[str] = ..., reason: _Optional[_Union[ErrorReason, str]] = ..., description: _Optional[str] = ...) -> None: ...
