"""Sâm Lốc's registration: the one place the server learns of this game (see cardrules.api.games)."""

from cardrules.api.games import Game, register_game
from cardrules.api.sam.bounds import BOUNDS
from cardrules.api.sam.service import SamLocService
from cardrules.v1 import sam_loc_pb2, sam_loc_pb2_grpc

SAM_LOC = register_game(
    Game(
        service=sam_loc_pb2.DESCRIPTOR.services_by_name["SamLocService"],
        servicer=SamLocService,
        add_servicer=sam_loc_pb2_grpc.add_SamLocServiceServicer_to_server,
        bounds=BOUNDS,
        vectors="sam_loc",
    )
)
