from cardrules.v1 import cards_pb2 as _cards_pb2
from cardrules.v1 import errors_pb2 as _errors_pb2
from google.rpc import status_pb2 as _status_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class LiengA23(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LIENG_A23_UNSPECIFIED: _ClassVar[LiengA23]
    LIENG_A23_LOWEST: _ClassVar[LiengA23]
    LIENG_A23_ACE_HIGH: _ClassVar[LiengA23]

class LiengSuitTieBreak(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LIENG_SUIT_TIE_BREAK_UNSPECIFIED: _ClassVar[LiengSuitTieBreak]
    LIENG_SUIT_TIE_BREAK_NONE: _ClassVar[LiengSuitTieBreak]
    LIENG_SUIT_TIE_BREAK_HDCS: _ClassVar[LiengSuitTieBreak]
    LIENG_SUIT_TIE_BREAK_DHCS: _ClassVar[LiengSuitTieBreak]

class LiengExcess(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LIENG_EXCESS_UNSPECIFIED: _ClassVar[LiengExcess]
    LIENG_EXCESS_SIDE_POTS: _ClassVar[LiengExcess]
    LIENG_EXCESS_REFUND: _ClassVar[LiengExcess]

class LiengTier(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LIENG_TIER_UNSPECIFIED: _ClassVar[LiengTier]
    LIENG_TIER_SAP: _ClassVar[LiengTier]
    LIENG_TIER_LIENG: _ClassVar[LiengTier]
    LIENG_TIER_DI: _ClassVar[LiengTier]
    LIENG_TIER_POINTS: _ClassVar[LiengTier]

class LiengActionKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LIENG_ACTION_KIND_UNSPECIFIED: _ClassVar[LiengActionKind]
    LIENG_ACTION_KIND_FOLD: _ClassVar[LiengActionKind]
    LIENG_ACTION_KIND_CHECK: _ClassVar[LiengActionKind]
    LIENG_ACTION_KIND_CALL: _ClassVar[LiengActionKind]
    LIENG_ACTION_KIND_RAISE: _ClassVar[LiengActionKind]
    LIENG_ACTION_KIND_ALL_IN: _ClassVar[LiengActionKind]
    LIENG_ACTION_KIND_TIMEOUT: _ClassVar[LiengActionKind]

class LiengReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LIENG_REASON_UNSPECIFIED: _ClassVar[LiengReason]
    LIENG_REASON_BETTING_CLOSED: _ClassVar[LiengReason]
    LIENG_REASON_NOT_YOUR_TURN: _ClassVar[LiengReason]
    LIENG_REASON_CANNOT_CHECK: _ClassVar[LiengReason]
    LIENG_REASON_NOTHING_TO_CALL: _ClassVar[LiengReason]
    LIENG_REASON_CANNOT_CALL: _ClassVar[LiengReason]
    LIENG_REASON_RAISE_BELOW_MINIMUM: _ClassVar[LiengReason]
    LIENG_REASON_RAISE_ABOVE_CAP: _ClassVar[LiengReason]
    LIENG_REASON_NOT_ENOUGH_CHIPS: _ClassVar[LiengReason]
    LIENG_REASON_RAISE_ROUNDS_EXHAUSTED: _ClassVar[LiengReason]
    LIENG_REASON_BETTING_NOT_REOPENED: _ClassVar[LiengReason]

class LiengEventKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LIENG_EVENT_KIND_UNSPECIFIED: _ClassVar[LiengEventKind]
    LIENG_EVENT_KIND_SEAT_FOLDED: _ClassVar[LiengEventKind]
    LIENG_EVENT_KIND_SEAT_ALL_IN: _ClassVar[LiengEventKind]
    LIENG_EVENT_KIND_FULL_RAISE: _ClassVar[LiengEventKind]
    LIENG_EVENT_KIND_SHORT_ALL_IN: _ClassVar[LiengEventKind]
    LIENG_EVENT_KIND_BETTING_CLOSED: _ClassVar[LiengEventKind]
    LIENG_EVENT_KIND_FOLD_OUT: _ClassVar[LiengEventKind]
    LIENG_EVENT_KIND_SHOWDOWN: _ClassVar[LiengEventKind]

class LiengPotKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LIENG_POT_KIND_UNSPECIFIED: _ClassVar[LiengPotKind]
    LIENG_POT_KIND_SHOWDOWN: _ClassVar[LiengPotKind]
    LIENG_POT_KIND_UNCONTESTED: _ClassVar[LiengPotKind]
    LIENG_POT_KIND_REFUNDED: _ClassVar[LiengPotKind]
LIENG_A23_UNSPECIFIED: LiengA23
LIENG_A23_LOWEST: LiengA23
LIENG_A23_ACE_HIGH: LiengA23
LIENG_SUIT_TIE_BREAK_UNSPECIFIED: LiengSuitTieBreak
LIENG_SUIT_TIE_BREAK_NONE: LiengSuitTieBreak
LIENG_SUIT_TIE_BREAK_HDCS: LiengSuitTieBreak
LIENG_SUIT_TIE_BREAK_DHCS: LiengSuitTieBreak
LIENG_EXCESS_UNSPECIFIED: LiengExcess
LIENG_EXCESS_SIDE_POTS: LiengExcess
LIENG_EXCESS_REFUND: LiengExcess
LIENG_TIER_UNSPECIFIED: LiengTier
LIENG_TIER_SAP: LiengTier
LIENG_TIER_LIENG: LiengTier
LIENG_TIER_DI: LiengTier
LIENG_TIER_POINTS: LiengTier
LIENG_ACTION_KIND_UNSPECIFIED: LiengActionKind
LIENG_ACTION_KIND_FOLD: LiengActionKind
LIENG_ACTION_KIND_CHECK: LiengActionKind
LIENG_ACTION_KIND_CALL: LiengActionKind
LIENG_ACTION_KIND_RAISE: LiengActionKind
LIENG_ACTION_KIND_ALL_IN: LiengActionKind
LIENG_ACTION_KIND_TIMEOUT: LiengActionKind
LIENG_REASON_UNSPECIFIED: LiengReason
LIENG_REASON_BETTING_CLOSED: LiengReason
LIENG_REASON_NOT_YOUR_TURN: LiengReason
LIENG_REASON_CANNOT_CHECK: LiengReason
LIENG_REASON_NOTHING_TO_CALL: LiengReason
LIENG_REASON_CANNOT_CALL: LiengReason
LIENG_REASON_RAISE_BELOW_MINIMUM: LiengReason
LIENG_REASON_RAISE_ABOVE_CAP: LiengReason
LIENG_REASON_NOT_ENOUGH_CHIPS: LiengReason
LIENG_REASON_RAISE_ROUNDS_EXHAUSTED: LiengReason
LIENG_REASON_BETTING_NOT_REOPENED: LiengReason
LIENG_EVENT_KIND_UNSPECIFIED: LiengEventKind
LIENG_EVENT_KIND_SEAT_FOLDED: LiengEventKind
LIENG_EVENT_KIND_SEAT_ALL_IN: LiengEventKind
LIENG_EVENT_KIND_FULL_RAISE: LiengEventKind
LIENG_EVENT_KIND_SHORT_ALL_IN: LiengEventKind
LIENG_EVENT_KIND_BETTING_CLOSED: LiengEventKind
LIENG_EVENT_KIND_FOLD_OUT: LiengEventKind
LIENG_EVENT_KIND_SHOWDOWN: LiengEventKind
LIENG_POT_KIND_UNSPECIFIED: LiengPotKind
LIENG_POT_KIND_SHOWDOWN: LiengPotKind
LIENG_POT_KIND_UNCONTESTED: LiengPotKind
LIENG_POT_KIND_REFUNDED: LiengPotKind

class LiengHouseRules(_message.Message):
    __slots__ = ("max_players", "min_raise", "max_raise", "max_raise_rounds", "a23", "suit_tie_break", "excess", "fee_bps", "ante", "timeout_checks")
    MAX_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MIN_RAISE_FIELD_NUMBER: _ClassVar[int]
    MAX_RAISE_FIELD_NUMBER: _ClassVar[int]
    MAX_RAISE_ROUNDS_FIELD_NUMBER: _ClassVar[int]
    A23_FIELD_NUMBER: _ClassVar[int]
    SUIT_TIE_BREAK_FIELD_NUMBER: _ClassVar[int]
    EXCESS_FIELD_NUMBER: _ClassVar[int]
    FEE_BPS_FIELD_NUMBER: _ClassVar[int]
    ANTE_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_CHECKS_FIELD_NUMBER: _ClassVar[int]
    max_players: int
    min_raise: int
    max_raise: int
    max_raise_rounds: int
    a23: LiengA23
    suit_tie_break: LiengSuitTieBreak
    excess: LiengExcess
    fee_bps: int
    ante: int
    timeout_checks: bool
    def __init__(self, max_players: _Optional[int] = ..., min_raise: _Optional[int] = ..., max_raise: _Optional[int] = ..., max_raise_rounds: _Optional[int] = ..., a23: _Optional[_Union[LiengA23, str]] = ..., suit_tie_break: _Optional[_Union[LiengSuitTieBreak, str]] = ..., excess: _Optional[_Union[LiengExcess, str]] = ..., fee_bps: _Optional[int] = ..., ante: _Optional[int] = ..., timeout_checks: _Optional[bool] = ...) -> None: ...

class LiengScore(_message.Message):
    __slots__ = ("tier", "key", "points", "label", "strength")
    TIER_FIELD_NUMBER: _ClassVar[int]
    KEY_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    LABEL_FIELD_NUMBER: _ClassVar[int]
    STRENGTH_FIELD_NUMBER: _ClassVar[int]
    tier: LiengTier
    key: int
    points: int
    label: _cards_pb2.LocalizedMessage
    strength: int
    def __init__(self, tier: _Optional[_Union[LiengTier, str]] = ..., key: _Optional[int] = ..., points: _Optional[int] = ..., label: _Optional[_Union[_cards_pb2.LocalizedMessage, _Mapping]] = ..., strength: _Optional[int] = ...) -> None: ...

class ScoreLiengRequest(_message.Message):
    __slots__ = ("house_rules", "hands")
    HOUSE_RULES_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    house_rules: LiengHouseRules
    hands: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Cards]
    def __init__(self, house_rules: _Optional[_Union[LiengHouseRules, _Mapping]] = ..., hands: _Optional[_Iterable[_Union[_cards_pb2.Cards, _Mapping]]] = ...) -> None: ...

class ScoreLiengResponse(_message.Message):
    __slots__ = ("scores",)
    SCORES_FIELD_NUMBER: _ClassVar[int]
    scores: _containers.RepeatedCompositeFieldContainer[LiengScore]
    def __init__(self, scores: _Optional[_Iterable[_Union[LiengScore, _Mapping]]] = ...) -> None: ...

class CompareHandsRequest(_message.Message):
    __slots__ = ("house_rules", "hands")
    HOUSE_RULES_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    house_rules: LiengHouseRules
    hands: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Cards]
    def __init__(self, house_rules: _Optional[_Union[LiengHouseRules, _Mapping]] = ..., hands: _Optional[_Iterable[_Union[_cards_pb2.Cards, _Mapping]]] = ...) -> None: ...

class TieGroup(_message.Message):
    __slots__ = ("hands",)
    HANDS_FIELD_NUMBER: _ClassVar[int]
    hands: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, hands: _Optional[_Iterable[int]] = ...) -> None: ...

class CompareHandsResponse(_message.Message):
    __slots__ = ("ranking", "places", "scores")
    RANKING_FIELD_NUMBER: _ClassVar[int]
    PLACES_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    ranking: _containers.RepeatedCompositeFieldContainer[TieGroup]
    places: _containers.RepeatedScalarFieldContainer[int]
    scores: _containers.RepeatedCompositeFieldContainer[LiengScore]
    def __init__(self, ranking: _Optional[_Iterable[_Union[TieGroup, _Mapping]]] = ..., places: _Optional[_Iterable[int]] = ..., scores: _Optional[_Iterable[_Union[LiengScore, _Mapping]]] = ...) -> None: ...

class LiengSeat(_message.Message):
    __slots__ = ("stack", "committed", "folded", "all_in", "acted")
    STACK_FIELD_NUMBER: _ClassVar[int]
    COMMITTED_FIELD_NUMBER: _ClassVar[int]
    FOLDED_FIELD_NUMBER: _ClassVar[int]
    ALL_IN_FIELD_NUMBER: _ClassVar[int]
    ACTED_FIELD_NUMBER: _ClassVar[int]
    stack: int
    committed: int
    folded: bool
    all_in: bool
    acted: bool
    def __init__(self, stack: _Optional[int] = ..., committed: _Optional[int] = ..., folded: _Optional[bool] = ..., all_in: _Optional[bool] = ..., acted: _Optional[bool] = ...) -> None: ...

class LiengBettingState(_message.Message):
    __slots__ = ("seats", "ante", "first_actor", "to_act", "current_bet", "last_full_raise", "orbit", "raise_orbits", "last_raise_orbit")
    SEATS_FIELD_NUMBER: _ClassVar[int]
    ANTE_FIELD_NUMBER: _ClassVar[int]
    FIRST_ACTOR_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    CURRENT_BET_FIELD_NUMBER: _ClassVar[int]
    LAST_FULL_RAISE_FIELD_NUMBER: _ClassVar[int]
    ORBIT_FIELD_NUMBER: _ClassVar[int]
    RAISE_ORBITS_FIELD_NUMBER: _ClassVar[int]
    LAST_RAISE_ORBIT_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedCompositeFieldContainer[LiengSeat]
    ante: int
    first_actor: int
    to_act: int
    current_bet: int
    last_full_raise: int
    orbit: int
    raise_orbits: int
    last_raise_orbit: int
    def __init__(self, seats: _Optional[_Iterable[_Union[LiengSeat, _Mapping]]] = ..., ante: _Optional[int] = ..., first_actor: _Optional[int] = ..., to_act: _Optional[int] = ..., current_bet: _Optional[int] = ..., last_full_raise: _Optional[int] = ..., orbit: _Optional[int] = ..., raise_orbits: _Optional[int] = ..., last_raise_orbit: _Optional[int] = ...) -> None: ...

class LiengAction(_message.Message):
    __slots__ = ("seat", "kind", "amount")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: LiengActionKind
    amount: int
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[LiengActionKind, str]] = ..., amount: _Optional[int] = ...) -> None: ...

class LiengEvent(_message.Message):
    __slots__ = ("kind", "seat", "amount")
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    kind: LiengEventKind
    seat: int
    amount: int
    def __init__(self, kind: _Optional[_Union[LiengEventKind, str]] = ..., seat: _Optional[int] = ..., amount: _Optional[int] = ...) -> None: ...

class LiengLegalAction(_message.Message):
    __slots__ = ("kind", "min_chips_added", "min_total", "max_total", "max_chips_added")
    KIND_FIELD_NUMBER: _ClassVar[int]
    MIN_CHIPS_ADDED_FIELD_NUMBER: _ClassVar[int]
    MIN_TOTAL_FIELD_NUMBER: _ClassVar[int]
    MAX_TOTAL_FIELD_NUMBER: _ClassVar[int]
    MAX_CHIPS_ADDED_FIELD_NUMBER: _ClassVar[int]
    kind: LiengActionKind
    min_chips_added: int
    min_total: int
    max_total: int
    max_chips_added: int
    def __init__(self, kind: _Optional[_Union[LiengActionKind, str]] = ..., min_chips_added: _Optional[int] = ..., min_total: _Optional[int] = ..., max_total: _Optional[int] = ..., max_chips_added: _Optional[int] = ...) -> None: ...

class StartBettingRequest(_message.Message):
    __slots__ = ("house_rules", "stacks", "ante", "first_actor", "views")
    HOUSE_RULES_FIELD_NUMBER: _ClassVar[int]
    STACKS_FIELD_NUMBER: _ClassVar[int]
    ANTE_FIELD_NUMBER: _ClassVar[int]
    FIRST_ACTOR_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    house_rules: LiengHouseRules
    stacks: _containers.RepeatedScalarFieldContainer[int]
    ante: int
    first_actor: int
    views: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Viewer]
    def __init__(self, house_rules: _Optional[_Union[LiengHouseRules, _Mapping]] = ..., stacks: _Optional[_Iterable[int]] = ..., ante: _Optional[int] = ..., first_actor: _Optional[int] = ..., views: _Optional[_Iterable[_Union[_cards_pb2.Viewer, _Mapping]]] = ...) -> None: ...

class StartBettingResponse(_message.Message):
    __slots__ = ("state", "views")
    STATE_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    state: LiengBettingState
    views: _containers.RepeatedCompositeFieldContainer[StartBettingView]
    def __init__(self, state: _Optional[_Union[LiengBettingState, _Mapping]] = ..., views: _Optional[_Iterable[_Union[StartBettingView, _Mapping]]] = ...) -> None: ...

class StartBettingView(_message.Message):
    __slots__ = ("viewer", "answer")
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    viewer: _cards_pb2.Viewer
    answer: StartBettingResponse
    def __init__(self, viewer: _Optional[_Union[_cards_pb2.Viewer, _Mapping]] = ..., answer: _Optional[_Union[StartBettingResponse, _Mapping]] = ...) -> None: ...

class LiengServiceDealRequest(_message.Message):
    __slots__ = ("seat_count", "server_seed", "client_seed", "nonce", "algorithm", "views")
    SEAT_COUNT_FIELD_NUMBER: _ClassVar[int]
    SERVER_SEED_FIELD_NUMBER: _ClassVar[int]
    CLIENT_SEED_FIELD_NUMBER: _ClassVar[int]
    NONCE_FIELD_NUMBER: _ClassVar[int]
    ALGORITHM_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    seat_count: int
    server_seed: bytes
    client_seed: str
    nonce: int
    algorithm: str
    views: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Viewer]
    def __init__(self, seat_count: _Optional[int] = ..., server_seed: _Optional[bytes] = ..., client_seed: _Optional[str] = ..., nonce: _Optional[int] = ..., algorithm: _Optional[str] = ..., views: _Optional[_Iterable[_Union[_cards_pb2.Viewer, _Mapping]]] = ...) -> None: ...

class LiengServiceDealResponse(_message.Message):
    __slots__ = ("hands", "undealt", "commitment", "algorithm", "views")
    HANDS_FIELD_NUMBER: _ClassVar[int]
    UNDEALT_FIELD_NUMBER: _ClassVar[int]
    COMMITMENT_FIELD_NUMBER: _ClassVar[int]
    ALGORITHM_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    hands: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Cards]
    undealt: _cards_pb2.Cards
    commitment: bytes
    algorithm: str
    views: _containers.RepeatedCompositeFieldContainer[LiengServiceDealView]
    def __init__(self, hands: _Optional[_Iterable[_Union[_cards_pb2.Cards, _Mapping]]] = ..., undealt: _Optional[_Union[_cards_pb2.Cards, _Mapping]] = ..., commitment: _Optional[bytes] = ..., algorithm: _Optional[str] = ..., views: _Optional[_Iterable[_Union[LiengServiceDealView, _Mapping]]] = ...) -> None: ...

class LiengServiceDealView(_message.Message):
    __slots__ = ("viewer", "answer")
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    viewer: _cards_pb2.Viewer
    answer: LiengServiceDealResponse
    def __init__(self, viewer: _Optional[_Union[_cards_pb2.Viewer, _Mapping]] = ..., answer: _Optional[_Union[LiengServiceDealResponse, _Mapping]] = ...) -> None: ...

class LiengServiceValidatePlayRequest(_message.Message):
    __slots__ = ("house_rules", "state", "action", "views")
    HOUSE_RULES_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    house_rules: LiengHouseRules
    state: LiengBettingState
    action: LiengAction
    views: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Viewer]
    def __init__(self, house_rules: _Optional[_Union[LiengHouseRules, _Mapping]] = ..., state: _Optional[_Union[LiengBettingState, _Mapping]] = ..., action: _Optional[_Union[LiengAction, _Mapping]] = ..., views: _Optional[_Iterable[_Union[_cards_pb2.Viewer, _Mapping]]] = ...) -> None: ...

class LiengServiceValidatePlayResponse(_message.Message):
    __slots__ = ("legal", "reason", "message", "events", "next_state", "views", "resolved_action")
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    NEXT_STATE_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    RESOLVED_ACTION_FIELD_NUMBER: _ClassVar[int]
    legal: bool
    reason: LiengReason
    message: _cards_pb2.LocalizedMessage
    events: _containers.RepeatedCompositeFieldContainer[LiengEvent]
    next_state: LiengBettingState
    views: _containers.RepeatedCompositeFieldContainer[LiengServiceValidatePlayView]
    resolved_action: LiengAction
    def __init__(self, legal: _Optional[bool] = ..., reason: _Optional[_Union[LiengReason, str]] = ..., message: _Optional[_Union[_cards_pb2.LocalizedMessage, _Mapping]] = ..., events: _Optional[_Iterable[_Union[LiengEvent, _Mapping]]] = ..., next_state: _Optional[_Union[LiengBettingState, _Mapping]] = ..., views: _Optional[_Iterable[_Union[LiengServiceValidatePlayView, _Mapping]]] = ..., resolved_action: _Optional[_Union[LiengAction, _Mapping]] = ...) -> None: ...

class LiengServiceValidatePlayView(_message.Message):
    __slots__ = ("viewer", "answer")
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    viewer: _cards_pb2.Viewer
    answer: LiengServiceValidatePlayResponse
    def __init__(self, viewer: _Optional[_Union[_cards_pb2.Viewer, _Mapping]] = ..., answer: _Optional[_Union[LiengServiceValidatePlayResponse, _Mapping]] = ...) -> None: ...

class LiengServiceLegalMovesRequest(_message.Message):
    __slots__ = ("house_rules", "state", "views")
    HOUSE_RULES_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    house_rules: LiengHouseRules
    state: LiengBettingState
    views: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Viewer]
    def __init__(self, house_rules: _Optional[_Union[LiengHouseRules, _Mapping]] = ..., state: _Optional[_Union[LiengBettingState, _Mapping]] = ..., views: _Optional[_Iterable[_Union[_cards_pb2.Viewer, _Mapping]]] = ...) -> None: ...

class LiengServiceLegalMovesResponse(_message.Message):
    __slots__ = ("seat", "actions", "raise_reason", "views")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    RAISE_REASON_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    actions: _containers.RepeatedCompositeFieldContainer[LiengLegalAction]
    raise_reason: LiengReason
    views: _containers.RepeatedCompositeFieldContainer[LiengServiceLegalMovesView]
    def __init__(self, seat: _Optional[int] = ..., actions: _Optional[_Iterable[_Union[LiengLegalAction, _Mapping]]] = ..., raise_reason: _Optional[_Union[LiengReason, str]] = ..., views: _Optional[_Iterable[_Union[LiengServiceLegalMovesView, _Mapping]]] = ...) -> None: ...

class LiengServiceLegalMovesView(_message.Message):
    __slots__ = ("viewer", "answer")
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    viewer: _cards_pb2.Viewer
    answer: LiengServiceLegalMovesResponse
    def __init__(self, viewer: _Optional[_Union[_cards_pb2.Viewer, _Mapping]] = ..., answer: _Optional[_Union[LiengServiceLegalMovesResponse, _Mapping]] = ...) -> None: ...

class LiengRoundRecord(_message.Message):
    __slots__ = ("house_rules", "stacks", "ante", "first_actor", "hands", "actions")
    HOUSE_RULES_FIELD_NUMBER: _ClassVar[int]
    STACKS_FIELD_NUMBER: _ClassVar[int]
    ANTE_FIELD_NUMBER: _ClassVar[int]
    FIRST_ACTOR_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    house_rules: LiengHouseRules
    stacks: _containers.RepeatedScalarFieldContainer[int]
    ante: int
    first_actor: int
    hands: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Cards]
    actions: _containers.RepeatedCompositeFieldContainer[LiengAction]
    def __init__(self, house_rules: _Optional[_Union[LiengHouseRules, _Mapping]] = ..., stacks: _Optional[_Iterable[int]] = ..., ante: _Optional[int] = ..., first_actor: _Optional[int] = ..., hands: _Optional[_Iterable[_Union[_cards_pb2.Cards, _Mapping]]] = ..., actions: _Optional[_Iterable[_Union[LiengAction, _Mapping]]] = ...) -> None: ...

class LiengPot(_message.Message):
    __slots__ = ("lo", "hi", "amount", "eligible", "contributions", "kind", "winners", "shares")
    LO_FIELD_NUMBER: _ClassVar[int]
    HI_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    ELIGIBLE_FIELD_NUMBER: _ClassVar[int]
    CONTRIBUTIONS_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    SHARES_FIELD_NUMBER: _ClassVar[int]
    lo: int
    hi: int
    amount: int
    eligible: _containers.RepeatedScalarFieldContainer[int]
    contributions: _containers.RepeatedScalarFieldContainer[int]
    kind: LiengPotKind
    winners: _containers.RepeatedScalarFieldContainer[int]
    shares: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, lo: _Optional[int] = ..., hi: _Optional[int] = ..., amount: _Optional[int] = ..., eligible: _Optional[_Iterable[int]] = ..., contributions: _Optional[_Iterable[int]] = ..., kind: _Optional[_Union[LiengPotKind, str]] = ..., winners: _Optional[_Iterable[int]] = ..., shares: _Optional[_Iterable[int]] = ...) -> None: ...

class LiengShownHand(_message.Message):
    __slots__ = ("seat", "score", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    score: LiengScore
    cards: _cards_pb2.Cards
    def __init__(self, seat: _Optional[int] = ..., score: _Optional[_Union[LiengScore, _Mapping]] = ..., cards: _Optional[_Union[_cards_pb2.Cards, _Mapping]] = ...) -> None: ...

class LiengServiceSettleRoundRequest(_message.Message):
    __slots__ = ("round", "views")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    round: LiengRoundRecord
    views: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Viewer]
    def __init__(self, round: _Optional[_Union[LiengRoundRecord, _Mapping]] = ..., views: _Optional[_Iterable[_Union[_cards_pb2.Viewer, _Mapping]]] = ...) -> None: ...

class LiengServiceSettleRoundResponse(_message.Message):
    __slots__ = ("pots", "transfers", "nets", "fee", "fees", "fold_out_winner", "committed", "payouts", "shown", "views")
    POTS_FIELD_NUMBER: _ClassVar[int]
    TRANSFERS_FIELD_NUMBER: _ClassVar[int]
    NETS_FIELD_NUMBER: _ClassVar[int]
    FEE_FIELD_NUMBER: _ClassVar[int]
    FEES_FIELD_NUMBER: _ClassVar[int]
    FOLD_OUT_WINNER_FIELD_NUMBER: _ClassVar[int]
    COMMITTED_FIELD_NUMBER: _ClassVar[int]
    PAYOUTS_FIELD_NUMBER: _ClassVar[int]
    SHOWN_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    pots: _containers.RepeatedCompositeFieldContainer[LiengPot]
    transfers: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Transfer]
    nets: _containers.RepeatedScalarFieldContainer[int]
    fee: int
    fees: _containers.RepeatedScalarFieldContainer[int]
    fold_out_winner: int
    committed: _containers.RepeatedScalarFieldContainer[int]
    payouts: _containers.RepeatedScalarFieldContainer[int]
    shown: _containers.RepeatedCompositeFieldContainer[LiengShownHand]
    views: _containers.RepeatedCompositeFieldContainer[LiengServiceSettleRoundView]
    def __init__(self, pots: _Optional[_Iterable[_Union[LiengPot, _Mapping]]] = ..., transfers: _Optional[_Iterable[_Union[_cards_pb2.Transfer, _Mapping]]] = ..., nets: _Optional[_Iterable[int]] = ..., fee: _Optional[int] = ..., fees: _Optional[_Iterable[int]] = ..., fold_out_winner: _Optional[int] = ..., committed: _Optional[_Iterable[int]] = ..., payouts: _Optional[_Iterable[int]] = ..., shown: _Optional[_Iterable[_Union[LiengShownHand, _Mapping]]] = ..., views: _Optional[_Iterable[_Union[LiengServiceSettleRoundView, _Mapping]]] = ...) -> None: ...

class LiengServiceSettleRoundView(_message.Message):
    __slots__ = ("viewer", "answer")
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    viewer: _cards_pb2.Viewer
    answer: LiengServiceSettleRoundResponse
    def __init__(self, viewer: _Optional[_Union[_cards_pb2.Viewer, _Mapping]] = ..., answer: _Optional[_Union[LiengServiceSettleRoundResponse, _Mapping]] = ...) -> None: ...

class LiengServiceReplayRoundRequest(_message.Message):
    __slots__ = ("round", "viewer")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    round: LiengRoundRecord
    viewer: _cards_pb2.Viewer
    def __init__(self, round: _Optional[_Union[LiengRoundRecord, _Mapping]] = ..., viewer: _Optional[_Union[_cards_pb2.Viewer, _Mapping]] = ...) -> None: ...

class LiengServiceReplayRoundResponse(_message.Message):
    __slots__ = ("viewer", "start", "hands", "steps", "stopped", "illegal_reason", "settlement")
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    STOPPED_FIELD_NUMBER: _ClassVar[int]
    ILLEGAL_REASON_FIELD_NUMBER: _ClassVar[int]
    SETTLEMENT_FIELD_NUMBER: _ClassVar[int]
    viewer: _cards_pb2.Viewer
    start: StartBettingResponse
    hands: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Cards]
    steps: _containers.RepeatedCompositeFieldContainer[LiengReplayStep]
    stopped: _errors_pb2.ReplayStop
    illegal_reason: LiengReason
    settlement: LiengServiceSettleRoundResponse
    def __init__(self, viewer: _Optional[_Union[_cards_pb2.Viewer, _Mapping]] = ..., start: _Optional[_Union[StartBettingResponse, _Mapping]] = ..., hands: _Optional[_Iterable[_Union[_cards_pb2.Cards, _Mapping]]] = ..., steps: _Optional[_Iterable[_Union[LiengReplayStep, _Mapping]]] = ..., stopped: _Optional[_Union[_errors_pb2.ReplayStop, _Mapping]] = ..., illegal_reason: _Optional[_Union[LiengReason, str]] = ..., settlement: _Optional[_Union[LiengServiceSettleRoundResponse, _Mapping]] = ...) -> None: ...

class LiengReplayStep(_message.Message):
    __slots__ = ("index", "action", "resolved_action", "events", "state")
    INDEX_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    RESOLVED_ACTION_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    index: int
    action: LiengAction
    resolved_action: LiengAction
    events: _containers.RepeatedCompositeFieldContainer[LiengEvent]
    state: LiengBettingState
    def __init__(self, index: _Optional[int] = ..., action: _Optional[_Union[LiengAction, _Mapping]] = ..., resolved_action: _Optional[_Union[LiengAction, _Mapping]] = ..., events: _Optional[_Iterable[_Union[LiengEvent, _Mapping]]] = ..., state: _Optional[_Union[LiengBettingState, _Mapping]] = ...) -> None: ...

class LiengServiceSuggestRequest(_message.Message):
    __slots__ = ("house_rules", "state", "hand", "history", "level", "seed", "playouts")
    HOUSE_RULES_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    PLAYOUTS_FIELD_NUMBER: _ClassVar[int]
    house_rules: LiengHouseRules
    state: LiengBettingState
    hand: _cards_pb2.Cards
    history: _containers.RepeatedCompositeFieldContainer[LiengAction]
    level: _cards_pb2.BotLevel
    seed: int
    playouts: int
    def __init__(self, house_rules: _Optional[_Union[LiengHouseRules, _Mapping]] = ..., state: _Optional[_Union[LiengBettingState, _Mapping]] = ..., hand: _Optional[_Union[_cards_pb2.Cards, _Mapping]] = ..., history: _Optional[_Iterable[_Union[LiengAction, _Mapping]]] = ..., level: _Optional[_Union[_cards_pb2.BotLevel, str]] = ..., seed: _Optional[int] = ..., playouts: _Optional[int] = ...) -> None: ...

class LiengServiceSuggestResponse(_message.Message):
    __slots__ = ("action", "search", "explanation")
    ACTION_FIELD_NUMBER: _ClassVar[int]
    SEARCH_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    action: LiengAction
    search: _cards_pb2.BotSearch
    explanation: _cards_pb2.LocalizedMessage
    def __init__(self, action: _Optional[_Union[LiengAction, _Mapping]] = ..., search: _Optional[_Union[_cards_pb2.BotSearch, _Mapping]] = ..., explanation: _Optional[_Union[_cards_pb2.LocalizedMessage, _Mapping]] = ...) -> None: ...

class LiengServiceStreamRequest(_message.Message):
    __slots__ = ("id", "score_lieng", "compare_hands", "start_betting", "validate_play", "legal_moves", "settle_round", "deal", "replay_round", "suggest")
    ID_FIELD_NUMBER: _ClassVar[int]
    SCORE_LIENG_FIELD_NUMBER: _ClassVar[int]
    COMPARE_HANDS_FIELD_NUMBER: _ClassVar[int]
    START_BETTING_FIELD_NUMBER: _ClassVar[int]
    VALIDATE_PLAY_FIELD_NUMBER: _ClassVar[int]
    LEGAL_MOVES_FIELD_NUMBER: _ClassVar[int]
    SETTLE_ROUND_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    REPLAY_ROUND_FIELD_NUMBER: _ClassVar[int]
    SUGGEST_FIELD_NUMBER: _ClassVar[int]
    id: int
    score_lieng: ScoreLiengRequest
    compare_hands: CompareHandsRequest
    start_betting: StartBettingRequest
    validate_play: LiengServiceValidatePlayRequest
    legal_moves: LiengServiceLegalMovesRequest
    settle_round: LiengServiceSettleRoundRequest
    deal: LiengServiceDealRequest
    replay_round: LiengServiceReplayRoundRequest
    suggest: LiengServiceSuggestRequest
    def __init__(self, id: _Optional[int] = ..., score_lieng: _Optional[_Union[ScoreLiengRequest, _Mapping]] = ..., compare_hands: _Optional[_Union[CompareHandsRequest, _Mapping]] = ..., start_betting: _Optional[_Union[StartBettingRequest, _Mapping]] = ..., validate_play: _Optional[_Union[LiengServiceValidatePlayRequest, _Mapping]] = ..., legal_moves: _Optional[_Union[LiengServiceLegalMovesRequest, _Mapping]] = ..., settle_round: _Optional[_Union[LiengServiceSettleRoundRequest, _Mapping]] = ..., deal: _Optional[_Union[LiengServiceDealRequest, _Mapping]] = ..., replay_round: _Optional[_Union[LiengServiceReplayRoundRequest, _Mapping]] = ..., suggest: _Optional[_Union[LiengServiceSuggestRequest, _Mapping]] = ...) -> None: ...

class LiengServiceStreamResponse(_message.Message):
    __slots__ = ("id", "error", "score_lieng", "compare_hands", "start_betting", "validate_play", "legal_moves", "settle_round", "deal", "replay_round", "suggest")
    ID_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    SCORE_LIENG_FIELD_NUMBER: _ClassVar[int]
    COMPARE_HANDS_FIELD_NUMBER: _ClassVar[int]
    START_BETTING_FIELD_NUMBER: _ClassVar[int]
    VALIDATE_PLAY_FIELD_NUMBER: _ClassVar[int]
    LEGAL_MOVES_FIELD_NUMBER: _ClassVar[int]
    SETTLE_ROUND_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    REPLAY_ROUND_FIELD_NUMBER: _ClassVar[int]
    SUGGEST_FIELD_NUMBER: _ClassVar[int]
    id: int
    error: _status_pb2.Status
    score_lieng: ScoreLiengResponse
    compare_hands: CompareHandsResponse
    start_betting: StartBettingResponse
    validate_play: LiengServiceValidatePlayResponse
    legal_moves: LiengServiceLegalMovesResponse
    settle_round: LiengServiceSettleRoundResponse
    deal: LiengServiceDealResponse
    replay_round: LiengServiceReplayRoundResponse
    suggest: LiengServiceSuggestResponse
    def __init__(self, id: _Optional[int] = ..., error: _Optional[_Union[_status_pb2.Status, _Mapping]] = ..., score_lieng: _Optional[_Union[ScoreLiengResponse, _Mapping]] = ..., compare_hands: _Optional[_Union[CompareHandsResponse, _Mapping]] = ..., start_betting: _Optional[_Union[StartBettingResponse, _Mapping]] = ..., validate_play: _Optional[_Union[LiengServiceValidatePlayResponse, _Mapping]] = ..., legal_moves: _Optional[_Union[LiengServiceLegalMovesResponse, _Mapping]] = ..., settle_round: _Optional[_Union[LiengServiceSettleRoundResponse, _Mapping]] = ..., deal: _Optional[_Union[LiengServiceDealResponse, _Mapping]] = ..., replay_round: _Optional[_Union[LiengServiceReplayRoundResponse, _Mapping]] = ..., suggest: _Optional[_Union[LiengServiceSuggestResponse, _Mapping]] = ...) -> None: ...
