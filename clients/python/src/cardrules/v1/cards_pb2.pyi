from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Rank(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RANK_UNSPECIFIED: _ClassVar[Rank]
    RANK_ACE: _ClassVar[Rank]
    RANK_TWO: _ClassVar[Rank]
    RANK_THREE: _ClassVar[Rank]
    RANK_FOUR: _ClassVar[Rank]
    RANK_FIVE: _ClassVar[Rank]
    RANK_SIX: _ClassVar[Rank]
    RANK_SEVEN: _ClassVar[Rank]
    RANK_EIGHT: _ClassVar[Rank]
    RANK_NINE: _ClassVar[Rank]
    RANK_TEN: _ClassVar[Rank]
    RANK_JACK: _ClassVar[Rank]
    RANK_QUEEN: _ClassVar[Rank]
    RANK_KING: _ClassVar[Rank]

class Suit(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SUIT_UNSPECIFIED: _ClassVar[Suit]
    SUIT_SPADES: _ClassVar[Suit]
    SUIT_CLUBS: _ClassVar[Suit]
    SUIT_DIAMONDS: _ClassVar[Suit]
    SUIT_HEARTS: _ClassVar[Suit]

class BotLevel(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BOT_LEVEL_UNSPECIFIED: _ClassVar[BotLevel]
    BOT_LEVEL_BASIC: _ClassVar[BotLevel]
    BOT_LEVEL_STANDARD: _ClassVar[BotLevel]
    BOT_LEVEL_STRONG: _ClassVar[BotLevel]
RANK_UNSPECIFIED: Rank
RANK_ACE: Rank
RANK_TWO: Rank
RANK_THREE: Rank
RANK_FOUR: Rank
RANK_FIVE: Rank
RANK_SIX: Rank
RANK_SEVEN: Rank
RANK_EIGHT: Rank
RANK_NINE: Rank
RANK_TEN: Rank
RANK_JACK: Rank
RANK_QUEEN: Rank
RANK_KING: Rank
SUIT_UNSPECIFIED: Suit
SUIT_SPADES: Suit
SUIT_CLUBS: Suit
SUIT_DIAMONDS: Suit
SUIT_HEARTS: Suit
BOT_LEVEL_UNSPECIFIED: BotLevel
BOT_LEVEL_BASIC: BotLevel
BOT_LEVEL_STANDARD: BotLevel
BOT_LEVEL_STRONG: BotLevel

class Card(_message.Message):
    __slots__ = ("rank", "suit")
    RANK_FIELD_NUMBER: _ClassVar[int]
    SUIT_FIELD_NUMBER: _ClassVar[int]
    rank: Rank
    suit: Suit
    def __init__(self, rank: _Optional[_Union[Rank, str]] = ..., suit: _Optional[_Union[Suit, str]] = ...) -> None: ...

class Cards(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedCompositeFieldContainer[Card]
    def __init__(self, cards: _Optional[_Iterable[_Union[Card, _Mapping]]] = ...) -> None: ...

class Transfer(_message.Message):
    __slots__ = ("from_seat", "to_seat", "amount", "reason", "pot")
    FROM_SEAT_FIELD_NUMBER: _ClassVar[int]
    TO_SEAT_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    POT_FIELD_NUMBER: _ClassVar[int]
    from_seat: int
    to_seat: int
    amount: int
    reason: str
    pot: int
    def __init__(self, from_seat: _Optional[int] = ..., to_seat: _Optional[int] = ..., amount: _Optional[int] = ..., reason: _Optional[str] = ..., pot: _Optional[int] = ...) -> None: ...

class LocalizedMessage(_message.Message):
    __slots__ = ("en", "vi")
    EN_FIELD_NUMBER: _ClassVar[int]
    VI_FIELD_NUMBER: _ClassVar[int]
    en: str
    vi: str
    def __init__(self, en: _Optional[str] = ..., vi: _Optional[str] = ...) -> None: ...

class Viewer(_message.Message):
    __slots__ = ("seat", "spectator", "audit")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SPECTATOR_FIELD_NUMBER: _ClassVar[int]
    AUDIT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    spectator: Spectator
    audit: Audit
    def __init__(self, seat: _Optional[int] = ..., spectator: _Optional[_Union[Spectator, _Mapping]] = ..., audit: _Optional[_Union[Audit, _Mapping]] = ...) -> None: ...

class Spectator(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Audit(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class BotSearch(_message.Message):
    __slots__ = ("playouts", "win_chance_bps")
    PLAYOUTS_FIELD_NUMBER: _ClassVar[int]
    WIN_CHANCE_BPS_FIELD_NUMBER: _ClassVar[int]
    playouts: int
    win_chance_bps: int
    def __init__(self, playouts: _Optional[int] = ..., win_chance_bps: _Optional[int] = ...) -> None: ...
