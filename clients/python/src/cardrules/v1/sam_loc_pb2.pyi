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

class SamChopChain(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SAM_CHOP_CHAIN_UNSPECIFIED: _ClassVar[SamChopChain]
    SAM_CHOP_CHAIN_EACH: _ClassVar[SamChopChain]
    SAM_CHOP_CHAIN_DOUBLE: _ClassVar[SamChopChain]
    SAM_CHOP_CHAIN_LAST_ONLY: _ClassVar[SamChopChain]

class SamFailPayTo(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SAM_FAIL_PAY_TO_UNSPECIFIED: _ClassVar[SamFailPayTo]
    SAM_FAIL_PAY_TO_BLOCKER: _ClassVar[SamFailPayTo]
    SAM_FAIL_PAY_TO_EACH: _ClassVar[SamFailPayTo]

class SamBaoMot(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SAM_BAO_MOT_UNSPECIFIED: _ClassVar[SamBaoMot]
    SAM_BAO_MOT_PENALTY: _ClassVar[SamBaoMot]
    SAM_BAO_MOT_FORBIDDEN: _ClassVar[SamBaoMot]

class SamFinishWithTwo(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SAM_FINISH_WITH_TWO_UNSPECIFIED: _ClassVar[SamFinishWithTwo]
    SAM_FINISH_WITH_TWO_PENALTY: _ClassVar[SamFinishWithTwo]
    SAM_FINISH_WITH_TWO_FORBIDDEN: _ClassVar[SamFinishWithTwo]

class SamThoiTwo(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SAM_THOI_TWO_UNSPECIFIED: _ClassVar[SamThoiTwo]
    SAM_THOI_TWO_FLAT: _ClassVar[SamThoiTwo]
    SAM_THOI_TWO_PER_TWO: _ClassVar[SamThoiTwo]

class SamTimeoutLead(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SAM_TIMEOUT_LEAD_UNSPECIFIED: _ClassVar[SamTimeoutLead]
    SAM_TIMEOUT_LEAD_LOWEST_SINGLE: _ClassVar[SamTimeoutLead]
    SAM_TIMEOUT_LEAD_LOWEST_SET: _ClassVar[SamTimeoutLead]

class SamInstantWinKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SAM_INSTANT_WIN_KIND_UNSPECIFIED: _ClassVar[SamInstantWinKind]
    SAM_INSTANT_WIN_KIND_DRAGON: _ClassVar[SamInstantWinKind]
    SAM_INSTANT_WIN_KIND_FOUR_TWOS: _ClassVar[SamInstantWinKind]
    SAM_INSTANT_WIN_KIND_SAME_COLOR: _ClassVar[SamInstantWinKind]
    SAM_INSTANT_WIN_KIND_THREE_TRIPLES: _ClassVar[SamInstantWinKind]
    SAM_INSTANT_WIN_KIND_FIVE_PAIRS: _ClassVar[SamInstantWinKind]

class SamCombinationKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SAM_COMBINATION_KIND_UNSPECIFIED: _ClassVar[SamCombinationKind]
    SAM_COMBINATION_KIND_SINGLE: _ClassVar[SamCombinationKind]
    SAM_COMBINATION_KIND_PAIR: _ClassVar[SamCombinationKind]
    SAM_COMBINATION_KIND_TRIPLE: _ClassVar[SamCombinationKind]
    SAM_COMBINATION_KIND_QUAD: _ClassVar[SamCombinationKind]
    SAM_COMBINATION_KIND_STRAIGHT: _ClassVar[SamCombinationKind]
    SAM_COMBINATION_KIND_INVALID: _ClassVar[SamCombinationKind]

class SamHandEnd(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SAM_HAND_END_UNSPECIFIED: _ClassVar[SamHandEnd]
    SAM_HAND_END_FINISHED: _ClassVar[SamHandEnd]
    SAM_HAND_END_FINISHED_ON_TWO: _ClassVar[SamHandEnd]
    SAM_HAND_END_BAO_MOT_PENALTY: _ClassVar[SamHandEnd]
    SAM_HAND_END_SAM_WON: _ClassVar[SamHandEnd]
    SAM_HAND_END_SAM_BLOCKED: _ClassVar[SamHandEnd]
    SAM_HAND_END_SAM_FAILED_STUCK: _ClassVar[SamHandEnd]

class SamReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SAM_REASON_UNSPECIFIED: _ClassVar[SamReason]
    SAM_REASON_NOT_YOUR_TURN: _ClassVar[SamReason]
    SAM_REASON_NOT_A_COMBINATION: _ClassVar[SamReason]
    SAM_REASON_DOES_NOT_BEAT: _ClassVar[SamReason]
    SAM_REASON_LEADER_CANNOT_PASS: _ClassVar[SamReason]
    SAM_REASON_ALREADY_PASSED: _ClassVar[SamReason]
    SAM_REASON_MUST_PLAY_HIGHEST_SINGLE: _ClassVar[SamReason]
    SAM_REASON_CANNOT_FINISH_WITH_TWO: _ClassVar[SamReason]
    SAM_REASON_HAND_OVER: _ClassVar[SamReason]
    SAM_REASON_ONLY_CHOP_ALLOWED: _ClassVar[SamReason]

class SamEventKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SAM_EVENT_KIND_UNSPECIFIED: _ClassVar[SamEventKind]
    SAM_EVENT_KIND_CHOP: _ClassVar[SamEventKind]
    SAM_EVENT_KIND_OVER_CHOP: _ClassVar[SamEventKind]
    SAM_EVENT_KIND_SAM_BLOCKED: _ClassVar[SamEventKind]
    SAM_EVENT_KIND_BAO_MOT_VIOLATION: _ClassVar[SamEventKind]
    SAM_EVENT_KIND_FINISH: _ClassVar[SamEventKind]
    SAM_EVENT_KIND_FINISH_ON_TWO: _ClassVar[SamEventKind]
    SAM_EVENT_KIND_SAM_SUCCEEDED: _ClassVar[SamEventKind]
    SAM_EVENT_KIND_TRICK_ENDED: _ClassVar[SamEventKind]
    SAM_EVENT_KIND_NEXT_LEADER: _ClassVar[SamEventKind]
    SAM_EVENT_KIND_LEAD_PASSED: _ClassVar[SamEventKind]
    SAM_EVENT_KIND_SAM_FAILED_STUCK: _ClassVar[SamEventKind]
    SAM_EVENT_KIND_BAO_MOT_PENALTY: _ClassVar[SamEventKind]
    SAM_EVENT_KIND_TIMEOUT: _ClassVar[SamEventKind]

class SamOutcome(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SAM_OUTCOME_UNSPECIFIED: _ClassVar[SamOutcome]
    SAM_OUTCOME_INSTANT_WIN: _ClassVar[SamOutcome]
    SAM_OUTCOME_SAM_WON: _ClassVar[SamOutcome]
    SAM_OUTCOME_SAM_BLOCKED: _ClassVar[SamOutcome]
    SAM_OUTCOME_SAM_FAILED_STUCK: _ClassVar[SamOutcome]
    SAM_OUTCOME_FINISHED_ON_TWO: _ClassVar[SamOutcome]
    SAM_OUTCOME_BAO_MOT_PENALTY: _ClassVar[SamOutcome]
    SAM_OUTCOME_NORMAL: _ClassVar[SamOutcome]
SAM_CHOP_CHAIN_UNSPECIFIED: SamChopChain
SAM_CHOP_CHAIN_EACH: SamChopChain
SAM_CHOP_CHAIN_DOUBLE: SamChopChain
SAM_CHOP_CHAIN_LAST_ONLY: SamChopChain
SAM_FAIL_PAY_TO_UNSPECIFIED: SamFailPayTo
SAM_FAIL_PAY_TO_BLOCKER: SamFailPayTo
SAM_FAIL_PAY_TO_EACH: SamFailPayTo
SAM_BAO_MOT_UNSPECIFIED: SamBaoMot
SAM_BAO_MOT_PENALTY: SamBaoMot
SAM_BAO_MOT_FORBIDDEN: SamBaoMot
SAM_FINISH_WITH_TWO_UNSPECIFIED: SamFinishWithTwo
SAM_FINISH_WITH_TWO_PENALTY: SamFinishWithTwo
SAM_FINISH_WITH_TWO_FORBIDDEN: SamFinishWithTwo
SAM_THOI_TWO_UNSPECIFIED: SamThoiTwo
SAM_THOI_TWO_FLAT: SamThoiTwo
SAM_THOI_TWO_PER_TWO: SamThoiTwo
SAM_TIMEOUT_LEAD_UNSPECIFIED: SamTimeoutLead
SAM_TIMEOUT_LEAD_LOWEST_SINGLE: SamTimeoutLead
SAM_TIMEOUT_LEAD_LOWEST_SET: SamTimeoutLead
SAM_INSTANT_WIN_KIND_UNSPECIFIED: SamInstantWinKind
SAM_INSTANT_WIN_KIND_DRAGON: SamInstantWinKind
SAM_INSTANT_WIN_KIND_FOUR_TWOS: SamInstantWinKind
SAM_INSTANT_WIN_KIND_SAME_COLOR: SamInstantWinKind
SAM_INSTANT_WIN_KIND_THREE_TRIPLES: SamInstantWinKind
SAM_INSTANT_WIN_KIND_FIVE_PAIRS: SamInstantWinKind
SAM_COMBINATION_KIND_UNSPECIFIED: SamCombinationKind
SAM_COMBINATION_KIND_SINGLE: SamCombinationKind
SAM_COMBINATION_KIND_PAIR: SamCombinationKind
SAM_COMBINATION_KIND_TRIPLE: SamCombinationKind
SAM_COMBINATION_KIND_QUAD: SamCombinationKind
SAM_COMBINATION_KIND_STRAIGHT: SamCombinationKind
SAM_COMBINATION_KIND_INVALID: SamCombinationKind
SAM_HAND_END_UNSPECIFIED: SamHandEnd
SAM_HAND_END_FINISHED: SamHandEnd
SAM_HAND_END_FINISHED_ON_TWO: SamHandEnd
SAM_HAND_END_BAO_MOT_PENALTY: SamHandEnd
SAM_HAND_END_SAM_WON: SamHandEnd
SAM_HAND_END_SAM_BLOCKED: SamHandEnd
SAM_HAND_END_SAM_FAILED_STUCK: SamHandEnd
SAM_REASON_UNSPECIFIED: SamReason
SAM_REASON_NOT_YOUR_TURN: SamReason
SAM_REASON_NOT_A_COMBINATION: SamReason
SAM_REASON_DOES_NOT_BEAT: SamReason
SAM_REASON_LEADER_CANNOT_PASS: SamReason
SAM_REASON_ALREADY_PASSED: SamReason
SAM_REASON_MUST_PLAY_HIGHEST_SINGLE: SamReason
SAM_REASON_CANNOT_FINISH_WITH_TWO: SamReason
SAM_REASON_HAND_OVER: SamReason
SAM_REASON_ONLY_CHOP_ALLOWED: SamReason
SAM_EVENT_KIND_UNSPECIFIED: SamEventKind
SAM_EVENT_KIND_CHOP: SamEventKind
SAM_EVENT_KIND_OVER_CHOP: SamEventKind
SAM_EVENT_KIND_SAM_BLOCKED: SamEventKind
SAM_EVENT_KIND_BAO_MOT_VIOLATION: SamEventKind
SAM_EVENT_KIND_FINISH: SamEventKind
SAM_EVENT_KIND_FINISH_ON_TWO: SamEventKind
SAM_EVENT_KIND_SAM_SUCCEEDED: SamEventKind
SAM_EVENT_KIND_TRICK_ENDED: SamEventKind
SAM_EVENT_KIND_NEXT_LEADER: SamEventKind
SAM_EVENT_KIND_LEAD_PASSED: SamEventKind
SAM_EVENT_KIND_SAM_FAILED_STUCK: SamEventKind
SAM_EVENT_KIND_BAO_MOT_PENALTY: SamEventKind
SAM_EVENT_KIND_TIMEOUT: SamEventKind
SAM_OUTCOME_UNSPECIFIED: SamOutcome
SAM_OUTCOME_INSTANT_WIN: SamOutcome
SAM_OUTCOME_SAM_WON: SamOutcome
SAM_OUTCOME_SAM_BLOCKED: SamOutcome
SAM_OUTCOME_SAM_FAILED_STUCK: SamOutcome
SAM_OUTCOME_FINISHED_ON_TWO: SamOutcome
SAM_OUTCOME_BAO_MOT_PENALTY: SamOutcome
SAM_OUTCOME_NORMAL: SamOutcome

class SamHouseRules(_message.Message):
    __slots__ = ("max_players", "straight_low_ace", "quad_beats_pair_of_twos", "chop_after_pass", "chop_penalty", "chop_chain", "sam_multiplier", "sam_fail_pay_to", "bao_mot", "finish_with_two", "thoi_two", "thoi_two_multiplier", "thoi_two_per_card", "cong_multiplier", "instant_wins", "instant_win_multiplier", "fee_bps", "timeout_lead")
    MAX_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    STRAIGHT_LOW_ACE_FIELD_NUMBER: _ClassVar[int]
    QUAD_BEATS_PAIR_OF_TWOS_FIELD_NUMBER: _ClassVar[int]
    CHOP_AFTER_PASS_FIELD_NUMBER: _ClassVar[int]
    CHOP_PENALTY_FIELD_NUMBER: _ClassVar[int]
    CHOP_CHAIN_FIELD_NUMBER: _ClassVar[int]
    SAM_MULTIPLIER_FIELD_NUMBER: _ClassVar[int]
    SAM_FAIL_PAY_TO_FIELD_NUMBER: _ClassVar[int]
    BAO_MOT_FIELD_NUMBER: _ClassVar[int]
    FINISH_WITH_TWO_FIELD_NUMBER: _ClassVar[int]
    THOI_TWO_FIELD_NUMBER: _ClassVar[int]
    THOI_TWO_MULTIPLIER_FIELD_NUMBER: _ClassVar[int]
    THOI_TWO_PER_CARD_FIELD_NUMBER: _ClassVar[int]
    CONG_MULTIPLIER_FIELD_NUMBER: _ClassVar[int]
    INSTANT_WINS_FIELD_NUMBER: _ClassVar[int]
    INSTANT_WIN_MULTIPLIER_FIELD_NUMBER: _ClassVar[int]
    FEE_BPS_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_LEAD_FIELD_NUMBER: _ClassVar[int]
    max_players: int
    straight_low_ace: bool
    quad_beats_pair_of_twos: bool
    chop_after_pass: bool
    chop_penalty: int
    chop_chain: SamChopChain
    sam_multiplier: int
    sam_fail_pay_to: SamFailPayTo
    bao_mot: SamBaoMot
    finish_with_two: SamFinishWithTwo
    thoi_two: SamThoiTwo
    thoi_two_multiplier: int
    thoi_two_per_card: int
    cong_multiplier: int
    instant_wins: SamInstantWinSet
    instant_win_multiplier: int
    fee_bps: int
    timeout_lead: SamTimeoutLead
    def __init__(self, max_players: _Optional[int] = ..., straight_low_ace: _Optional[bool] = ..., quad_beats_pair_of_twos: _Optional[bool] = ..., chop_after_pass: _Optional[bool] = ..., chop_penalty: _Optional[int] = ..., chop_chain: _Optional[_Union[SamChopChain, str]] = ..., sam_multiplier: _Optional[int] = ..., sam_fail_pay_to: _Optional[_Union[SamFailPayTo, str]] = ..., bao_mot: _Optional[_Union[SamBaoMot, str]] = ..., finish_with_two: _Optional[_Union[SamFinishWithTwo, str]] = ..., thoi_two: _Optional[_Union[SamThoiTwo, str]] = ..., thoi_two_multiplier: _Optional[int] = ..., thoi_two_per_card: _Optional[int] = ..., cong_multiplier: _Optional[int] = ..., instant_wins: _Optional[_Union[SamInstantWinSet, _Mapping]] = ..., instant_win_multiplier: _Optional[int] = ..., fee_bps: _Optional[int] = ..., timeout_lead: _Optional[_Union[SamTimeoutLead, str]] = ...) -> None: ...

class SamInstantWinSet(_message.Message):
    __slots__ = ("kinds",)
    KINDS_FIELD_NUMBER: _ClassVar[int]
    kinds: _containers.RepeatedScalarFieldContainer[SamInstantWinKind]
    def __init__(self, kinds: _Optional[_Iterable[_Union[SamInstantWinKind, str]]] = ...) -> None: ...

class SamCombination(_message.Message):
    __slots__ = ("kind", "cards", "top", "length")
    KIND_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    TOP_FIELD_NUMBER: _ClassVar[int]
    LENGTH_FIELD_NUMBER: _ClassVar[int]
    kind: SamCombinationKind
    cards: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Card]
    top: _cards_pb2.Rank
    length: int
    def __init__(self, kind: _Optional[_Union[SamCombinationKind, str]] = ..., cards: _Optional[_Iterable[_Union[_cards_pb2.Card, _Mapping]]] = ..., top: _Optional[_Union[_cards_pb2.Rank, str]] = ..., length: _Optional[int] = ...) -> None: ...

class SamSeat(_message.Message):
    __slots__ = ("hand", "card_count", "passed")
    HAND_FIELD_NUMBER: _ClassVar[int]
    CARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    hand: _cards_pb2.Cards
    card_count: int
    passed: bool
    def __init__(self, hand: _Optional[_Union[_cards_pb2.Cards, _Mapping]] = ..., card_count: _Optional[int] = ..., passed: _Optional[bool] = ...) -> None: ...

class SamChop(_message.Message):
    __slots__ = ("chopper", "chopped", "position")
    CHOPPER_FIELD_NUMBER: _ClassVar[int]
    CHOPPED_FIELD_NUMBER: _ClassVar[int]
    POSITION_FIELD_NUMBER: _ClassVar[int]
    chopper: int
    chopped: int
    position: int
    def __init__(self, chopper: _Optional[int] = ..., chopped: _Optional[int] = ..., position: _Optional[int] = ...) -> None: ...

class SamTableState(_message.Message):
    __slots__ = ("seats", "turn", "current", "current_owner", "chop_chain", "declarer", "bao_mot_violator", "lead_passes", "ended", "winner")
    SEATS_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FIELD_NUMBER: _ClassVar[int]
    CURRENT_OWNER_FIELD_NUMBER: _ClassVar[int]
    CHOP_CHAIN_FIELD_NUMBER: _ClassVar[int]
    DECLARER_FIELD_NUMBER: _ClassVar[int]
    BAO_MOT_VIOLATOR_FIELD_NUMBER: _ClassVar[int]
    LEAD_PASSES_FIELD_NUMBER: _ClassVar[int]
    ENDED_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedCompositeFieldContainer[SamSeat]
    turn: int
    current: _cards_pb2.Cards
    current_owner: int
    chop_chain: _containers.RepeatedCompositeFieldContainer[SamChop]
    declarer: int
    bao_mot_violator: int
    lead_passes: int
    ended: SamHandEnd
    winner: int
    def __init__(self, seats: _Optional[_Iterable[_Union[SamSeat, _Mapping]]] = ..., turn: _Optional[int] = ..., current: _Optional[_Union[_cards_pb2.Cards, _Mapping]] = ..., current_owner: _Optional[int] = ..., chop_chain: _Optional[_Iterable[_Union[SamChop, _Mapping]]] = ..., declarer: _Optional[int] = ..., bao_mot_violator: _Optional[int] = ..., lead_passes: _Optional[int] = ..., ended: _Optional[_Union[SamHandEnd, str]] = ..., winner: _Optional[int] = ...) -> None: ...

class SamPass(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class SamTimeout(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class SamAction(_message.Message):
    __slots__ = ("seat", "play", "timeout")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAY_FIELD_NUMBER: _ClassVar[int]
    PASS_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    play: _cards_pb2.Cards
    timeout: SamTimeout
    def __init__(self, seat: _Optional[int] = ..., play: _Optional[_Union[_cards_pb2.Cards, _Mapping]] = ..., timeout: _Optional[_Union[SamTimeout, _Mapping]] = ..., **kwargs) -> None: ...

class SamEvent(_message.Message):
    __slots__ = ("kind", "seat", "other_seat", "chain_position")
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    OTHER_SEAT_FIELD_NUMBER: _ClassVar[int]
    CHAIN_POSITION_FIELD_NUMBER: _ClassVar[int]
    kind: SamEventKind
    seat: int
    other_seat: int
    chain_position: int
    def __init__(self, kind: _Optional[_Union[SamEventKind, str]] = ..., seat: _Optional[int] = ..., other_seat: _Optional[int] = ..., chain_position: _Optional[int] = ...) -> None: ...

class SamLocServiceStartHandRequest(_message.Message):
    __slots__ = ("house_rules", "hands", "declarations", "leader", "views")
    HOUSE_RULES_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    DECLARATIONS_FIELD_NUMBER: _ClassVar[int]
    LEADER_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    house_rules: SamHouseRules
    hands: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Cards]
    declarations: _containers.RepeatedScalarFieldContainer[int]
    leader: int
    views: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Viewer]
    def __init__(self, house_rules: _Optional[_Union[SamHouseRules, _Mapping]] = ..., hands: _Optional[_Iterable[_Union[_cards_pb2.Cards, _Mapping]]] = ..., declarations: _Optional[_Iterable[int]] = ..., leader: _Optional[int] = ..., views: _Optional[_Iterable[_Union[_cards_pb2.Viewer, _Mapping]]] = ...) -> None: ...

class SamLocServiceStartHandResponse(_message.Message):
    __slots__ = ("state", "instant_win", "instant_winner", "qualifiers", "views")
    STATE_FIELD_NUMBER: _ClassVar[int]
    INSTANT_WIN_FIELD_NUMBER: _ClassVar[int]
    INSTANT_WINNER_FIELD_NUMBER: _ClassVar[int]
    QUALIFIERS_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    state: SamTableState
    instant_win: SamInstantWinKind
    instant_winner: int
    qualifiers: _containers.RepeatedCompositeFieldContainer[SamInstantWinQualifier]
    views: _containers.RepeatedCompositeFieldContainer[SamLocServiceStartHandView]
    def __init__(self, state: _Optional[_Union[SamTableState, _Mapping]] = ..., instant_win: _Optional[_Union[SamInstantWinKind, str]] = ..., instant_winner: _Optional[int] = ..., qualifiers: _Optional[_Iterable[_Union[SamInstantWinQualifier, _Mapping]]] = ..., views: _Optional[_Iterable[_Union[SamLocServiceStartHandView, _Mapping]]] = ...) -> None: ...

class SamLocServiceStartHandView(_message.Message):
    __slots__ = ("viewer", "answer")
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    viewer: _cards_pb2.Viewer
    answer: SamLocServiceStartHandResponse
    def __init__(self, viewer: _Optional[_Union[_cards_pb2.Viewer, _Mapping]] = ..., answer: _Optional[_Union[SamLocServiceStartHandResponse, _Mapping]] = ...) -> None: ...

class SamInstantWinQualifier(_message.Message):
    __slots__ = ("seat", "kind")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: SamInstantWinKind
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[_Union[SamInstantWinKind, str]] = ...) -> None: ...

class SamLocServiceDealRequest(_message.Message):
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

class SamLocServiceDealResponse(_message.Message):
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
    views: _containers.RepeatedCompositeFieldContainer[SamLocServiceDealView]
    def __init__(self, hands: _Optional[_Iterable[_Union[_cards_pb2.Cards, _Mapping]]] = ..., undealt: _Optional[_Union[_cards_pb2.Cards, _Mapping]] = ..., commitment: _Optional[bytes] = ..., algorithm: _Optional[str] = ..., views: _Optional[_Iterable[_Union[SamLocServiceDealView, _Mapping]]] = ...) -> None: ...

class SamLocServiceDealView(_message.Message):
    __slots__ = ("viewer", "answer")
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    viewer: _cards_pb2.Viewer
    answer: SamLocServiceDealResponse
    def __init__(self, viewer: _Optional[_Union[_cards_pb2.Viewer, _Mapping]] = ..., answer: _Optional[_Union[SamLocServiceDealResponse, _Mapping]] = ...) -> None: ...

class SamLocServiceValidatePlayRequest(_message.Message):
    __slots__ = ("house_rules", "state", "action", "views")
    HOUSE_RULES_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    house_rules: SamHouseRules
    state: SamTableState
    action: SamAction
    views: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Viewer]
    def __init__(self, house_rules: _Optional[_Union[SamHouseRules, _Mapping]] = ..., state: _Optional[_Union[SamTableState, _Mapping]] = ..., action: _Optional[_Union[SamAction, _Mapping]] = ..., views: _Optional[_Iterable[_Union[_cards_pb2.Viewer, _Mapping]]] = ...) -> None: ...

class SamLocServiceValidatePlayResponse(_message.Message):
    __slots__ = ("legal", "reason", "message", "combination", "events", "next_state", "views", "resolved_action")
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    COMBINATION_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    NEXT_STATE_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    RESOLVED_ACTION_FIELD_NUMBER: _ClassVar[int]
    legal: bool
    reason: SamReason
    message: _cards_pb2.LocalizedMessage
    combination: SamCombination
    events: _containers.RepeatedCompositeFieldContainer[SamEvent]
    next_state: SamTableState
    views: _containers.RepeatedCompositeFieldContainer[SamLocServiceValidatePlayView]
    resolved_action: SamAction
    def __init__(self, legal: _Optional[bool] = ..., reason: _Optional[_Union[SamReason, str]] = ..., message: _Optional[_Union[_cards_pb2.LocalizedMessage, _Mapping]] = ..., combination: _Optional[_Union[SamCombination, _Mapping]] = ..., events: _Optional[_Iterable[_Union[SamEvent, _Mapping]]] = ..., next_state: _Optional[_Union[SamTableState, _Mapping]] = ..., views: _Optional[_Iterable[_Union[SamLocServiceValidatePlayView, _Mapping]]] = ..., resolved_action: _Optional[_Union[SamAction, _Mapping]] = ...) -> None: ...

class SamLocServiceValidatePlayView(_message.Message):
    __slots__ = ("viewer", "answer")
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    viewer: _cards_pb2.Viewer
    answer: SamLocServiceValidatePlayResponse
    def __init__(self, viewer: _Optional[_Union[_cards_pb2.Viewer, _Mapping]] = ..., answer: _Optional[_Union[SamLocServiceValidatePlayResponse, _Mapping]] = ...) -> None: ...

class SamLocServiceLegalMovesRequest(_message.Message):
    __slots__ = ("house_rules", "state", "all_card_sets", "views")
    HOUSE_RULES_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    ALL_CARD_SETS_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    house_rules: SamHouseRules
    state: SamTableState
    all_card_sets: bool
    views: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Viewer]
    def __init__(self, house_rules: _Optional[_Union[SamHouseRules, _Mapping]] = ..., state: _Optional[_Union[SamTableState, _Mapping]] = ..., all_card_sets: _Optional[bool] = ..., views: _Optional[_Iterable[_Union[_cards_pb2.Viewer, _Mapping]]] = ...) -> None: ...

class SamMove(_message.Message):
    __slots__ = ("play",)
    PLAY_FIELD_NUMBER: _ClassVar[int]
    PASS_FIELD_NUMBER: _ClassVar[int]
    play: SamCombination
    def __init__(self, play: _Optional[_Union[SamCombination, _Mapping]] = ..., **kwargs) -> None: ...

class SamLocServiceLegalMovesResponse(_message.Message):
    __slots__ = ("seat", "moves", "views")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    moves: _containers.RepeatedCompositeFieldContainer[SamMove]
    views: _containers.RepeatedCompositeFieldContainer[SamLocServiceLegalMovesView]
    def __init__(self, seat: _Optional[int] = ..., moves: _Optional[_Iterable[_Union[SamMove, _Mapping]]] = ..., views: _Optional[_Iterable[_Union[SamLocServiceLegalMovesView, _Mapping]]] = ...) -> None: ...

class SamLocServiceLegalMovesView(_message.Message):
    __slots__ = ("viewer", "answer")
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    viewer: _cards_pb2.Viewer
    answer: SamLocServiceLegalMovesResponse
    def __init__(self, viewer: _Optional[_Union[_cards_pb2.Viewer, _Mapping]] = ..., answer: _Optional[_Union[SamLocServiceLegalMovesResponse, _Mapping]] = ...) -> None: ...

class SamRoundRecord(_message.Message):
    __slots__ = ("stake", "house_rules", "hands", "declarations", "leader", "actions")
    STAKE_FIELD_NUMBER: _ClassVar[int]
    HOUSE_RULES_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    DECLARATIONS_FIELD_NUMBER: _ClassVar[int]
    LEADER_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    stake: int
    house_rules: SamHouseRules
    hands: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Cards]
    declarations: _containers.RepeatedScalarFieldContainer[int]
    leader: int
    actions: _containers.RepeatedCompositeFieldContainer[SamAction]
    def __init__(self, stake: _Optional[int] = ..., house_rules: _Optional[_Union[SamHouseRules, _Mapping]] = ..., hands: _Optional[_Iterable[_Union[_cards_pb2.Cards, _Mapping]]] = ..., declarations: _Optional[_Iterable[int]] = ..., leader: _Optional[int] = ..., actions: _Optional[_Iterable[_Union[SamAction, _Mapping]]] = ...) -> None: ...

class SamLocServiceSettleRoundRequest(_message.Message):
    __slots__ = ("round", "views")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    round: SamRoundRecord
    views: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Viewer]
    def __init__(self, round: _Optional[_Union[SamRoundRecord, _Mapping]] = ..., views: _Optional[_Iterable[_Union[_cards_pb2.Viewer, _Mapping]]] = ...) -> None: ...

class SamLocServiceSettleRoundResponse(_message.Message):
    __slots__ = ("outcome", "winner", "instant_win", "transfers", "nets", "fee", "fees", "gross", "views")
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    INSTANT_WIN_FIELD_NUMBER: _ClassVar[int]
    TRANSFERS_FIELD_NUMBER: _ClassVar[int]
    NETS_FIELD_NUMBER: _ClassVar[int]
    FEE_FIELD_NUMBER: _ClassVar[int]
    FEES_FIELD_NUMBER: _ClassVar[int]
    GROSS_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    outcome: SamOutcome
    winner: int
    instant_win: SamInstantWinKind
    transfers: _containers.RepeatedCompositeFieldContainer[_cards_pb2.Transfer]
    nets: _containers.RepeatedScalarFieldContainer[int]
    fee: int
    fees: _containers.RepeatedScalarFieldContainer[int]
    gross: _containers.RepeatedScalarFieldContainer[int]
    views: _containers.RepeatedCompositeFieldContainer[SamLocServiceSettleRoundView]
    def __init__(self, outcome: _Optional[_Union[SamOutcome, str]] = ..., winner: _Optional[int] = ..., instant_win: _Optional[_Union[SamInstantWinKind, str]] = ..., transfers: _Optional[_Iterable[_Union[_cards_pb2.Transfer, _Mapping]]] = ..., nets: _Optional[_Iterable[int]] = ..., fee: _Optional[int] = ..., fees: _Optional[_Iterable[int]] = ..., gross: _Optional[_Iterable[int]] = ..., views: _Optional[_Iterable[_Union[SamLocServiceSettleRoundView, _Mapping]]] = ...) -> None: ...

class SamLocServiceSettleRoundView(_message.Message):
    __slots__ = ("viewer", "answer")
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    viewer: _cards_pb2.Viewer
    answer: SamLocServiceSettleRoundResponse
    def __init__(self, viewer: _Optional[_Union[_cards_pb2.Viewer, _Mapping]] = ..., answer: _Optional[_Union[SamLocServiceSettleRoundResponse, _Mapping]] = ...) -> None: ...

class SamLocServiceReplayRoundRequest(_message.Message):
    __slots__ = ("round", "viewer")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    round: SamRoundRecord
    viewer: _cards_pb2.Viewer
    def __init__(self, round: _Optional[_Union[SamRoundRecord, _Mapping]] = ..., viewer: _Optional[_Union[_cards_pb2.Viewer, _Mapping]] = ...) -> None: ...

class SamLocServiceReplayRoundResponse(_message.Message):
    __slots__ = ("viewer", "start", "steps", "stopped", "illegal_reason", "settlement")
    VIEWER_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    STOPPED_FIELD_NUMBER: _ClassVar[int]
    ILLEGAL_REASON_FIELD_NUMBER: _ClassVar[int]
    SETTLEMENT_FIELD_NUMBER: _ClassVar[int]
    viewer: _cards_pb2.Viewer
    start: SamLocServiceStartHandResponse
    steps: _containers.RepeatedCompositeFieldContainer[SamReplayStep]
    stopped: _errors_pb2.ReplayStop
    illegal_reason: SamReason
    settlement: SamLocServiceSettleRoundResponse
    def __init__(self, viewer: _Optional[_Union[_cards_pb2.Viewer, _Mapping]] = ..., start: _Optional[_Union[SamLocServiceStartHandResponse, _Mapping]] = ..., steps: _Optional[_Iterable[_Union[SamReplayStep, _Mapping]]] = ..., stopped: _Optional[_Union[_errors_pb2.ReplayStop, _Mapping]] = ..., illegal_reason: _Optional[_Union[SamReason, str]] = ..., settlement: _Optional[_Union[SamLocServiceSettleRoundResponse, _Mapping]] = ...) -> None: ...

class SamReplayStep(_message.Message):
    __slots__ = ("index", "action", "resolved_action", "combination", "events", "state")
    INDEX_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    RESOLVED_ACTION_FIELD_NUMBER: _ClassVar[int]
    COMBINATION_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    index: int
    action: SamAction
    resolved_action: SamAction
    combination: SamCombination
    events: _containers.RepeatedCompositeFieldContainer[SamEvent]
    state: SamTableState
    def __init__(self, index: _Optional[int] = ..., action: _Optional[_Union[SamAction, _Mapping]] = ..., resolved_action: _Optional[_Union[SamAction, _Mapping]] = ..., combination: _Optional[_Union[SamCombination, _Mapping]] = ..., events: _Optional[_Iterable[_Union[SamEvent, _Mapping]]] = ..., state: _Optional[_Union[SamTableState, _Mapping]] = ...) -> None: ...

class SamLocServiceSuggestRequest(_message.Message):
    __slots__ = ("house_rules", "level", "seed", "playouts", "state", "declaration", "history")
    HOUSE_RULES_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    PLAYOUTS_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    DECLARATION_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    house_rules: SamHouseRules
    level: _cards_pb2.BotLevel
    seed: int
    playouts: int
    state: SamTableState
    declaration: SamDeclarationDecision
    history: _containers.RepeatedCompositeFieldContainer[SamAction]
    def __init__(self, house_rules: _Optional[_Union[SamHouseRules, _Mapping]] = ..., level: _Optional[_Union[_cards_pb2.BotLevel, str]] = ..., seed: _Optional[int] = ..., playouts: _Optional[int] = ..., state: _Optional[_Union[SamTableState, _Mapping]] = ..., declaration: _Optional[_Union[SamDeclarationDecision, _Mapping]] = ..., history: _Optional[_Iterable[_Union[SamAction, _Mapping]]] = ...) -> None: ...

class SamDeclarationDecision(_message.Message):
    __slots__ = ("hand", "seat_count")
    HAND_FIELD_NUMBER: _ClassVar[int]
    SEAT_COUNT_FIELD_NUMBER: _ClassVar[int]
    hand: _cards_pb2.Cards
    seat_count: int
    def __init__(self, hand: _Optional[_Union[_cards_pb2.Cards, _Mapping]] = ..., seat_count: _Optional[int] = ...) -> None: ...

class SamLocServiceSuggestResponse(_message.Message):
    __slots__ = ("action", "declare_sam", "search", "explanation")
    ACTION_FIELD_NUMBER: _ClassVar[int]
    DECLARE_SAM_FIELD_NUMBER: _ClassVar[int]
    SEARCH_FIELD_NUMBER: _ClassVar[int]
    EXPLANATION_FIELD_NUMBER: _ClassVar[int]
    action: SamAction
    declare_sam: bool
    search: _cards_pb2.BotSearch
    explanation: _cards_pb2.LocalizedMessage
    def __init__(self, action: _Optional[_Union[SamAction, _Mapping]] = ..., declare_sam: _Optional[bool] = ..., search: _Optional[_Union[_cards_pb2.BotSearch, _Mapping]] = ..., explanation: _Optional[_Union[_cards_pb2.LocalizedMessage, _Mapping]] = ...) -> None: ...

class SamLocServiceStreamRequest(_message.Message):
    __slots__ = ("id", "start_hand", "validate_play", "legal_moves", "settle_round", "deal", "replay_round", "suggest")
    ID_FIELD_NUMBER: _ClassVar[int]
    START_HAND_FIELD_NUMBER: _ClassVar[int]
    VALIDATE_PLAY_FIELD_NUMBER: _ClassVar[int]
    LEGAL_MOVES_FIELD_NUMBER: _ClassVar[int]
    SETTLE_ROUND_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    REPLAY_ROUND_FIELD_NUMBER: _ClassVar[int]
    SUGGEST_FIELD_NUMBER: _ClassVar[int]
    id: int
    start_hand: SamLocServiceStartHandRequest
    validate_play: SamLocServiceValidatePlayRequest
    legal_moves: SamLocServiceLegalMovesRequest
    settle_round: SamLocServiceSettleRoundRequest
    deal: SamLocServiceDealRequest
    replay_round: SamLocServiceReplayRoundRequest
    suggest: SamLocServiceSuggestRequest
    def __init__(self, id: _Optional[int] = ..., start_hand: _Optional[_Union[SamLocServiceStartHandRequest, _Mapping]] = ..., validate_play: _Optional[_Union[SamLocServiceValidatePlayRequest, _Mapping]] = ..., legal_moves: _Optional[_Union[SamLocServiceLegalMovesRequest, _Mapping]] = ..., settle_round: _Optional[_Union[SamLocServiceSettleRoundRequest, _Mapping]] = ..., deal: _Optional[_Union[SamLocServiceDealRequest, _Mapping]] = ..., replay_round: _Optional[_Union[SamLocServiceReplayRoundRequest, _Mapping]] = ..., suggest: _Optional[_Union[SamLocServiceSuggestRequest, _Mapping]] = ...) -> None: ...

class SamLocServiceStreamResponse(_message.Message):
    __slots__ = ("id", "error", "start_hand", "validate_play", "legal_moves", "settle_round", "deal", "replay_round", "suggest")
    ID_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    START_HAND_FIELD_NUMBER: _ClassVar[int]
    VALIDATE_PLAY_FIELD_NUMBER: _ClassVar[int]
    LEGAL_MOVES_FIELD_NUMBER: _ClassVar[int]
    SETTLE_ROUND_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    REPLAY_ROUND_FIELD_NUMBER: _ClassVar[int]
    SUGGEST_FIELD_NUMBER: _ClassVar[int]
    id: int
    error: _status_pb2.Status
    start_hand: SamLocServiceStartHandResponse
    validate_play: SamLocServiceValidatePlayResponse
    legal_moves: SamLocServiceLegalMovesResponse
    settle_round: SamLocServiceSettleRoundResponse
    deal: SamLocServiceDealResponse
    replay_round: SamLocServiceReplayRoundResponse
    suggest: SamLocServiceSuggestResponse
    def __init__(self, id: _Optional[int] = ..., error: _Optional[_Union[_status_pb2.Status, _Mapping]] = ..., start_hand: _Optional[_Union[SamLocServiceStartHandResponse, _Mapping]] = ..., validate_play: _Optional[_Union[SamLocServiceValidatePlayResponse, _Mapping]] = ..., legal_moves: _Optional[_Union[SamLocServiceLegalMovesResponse, _Mapping]] = ..., settle_round: _Optional[_Union[SamLocServiceSettleRoundResponse, _Mapping]] = ..., deal: _Optional[_Union[SamLocServiceDealResponse, _Mapping]] = ..., replay_round: _Optional[_Union[SamLocServiceReplayRoundResponse, _Mapping]] = ..., suggest: _Optional[_Union[SamLocServiceSuggestResponse, _Mapping]] = ...) -> None: ...
