"""Liêng's registration: the one place the server learns of this game (see cardrules.api.games)."""

from cardrules.api.games import Game, register_game
from cardrules.api.lieng.bounds import BOUNDS
from cardrules.api.lieng.service import LiengService
from cardrules.v1 import lieng_pb2, lieng_pb2_grpc

LIENG = register_game(
    Game(
        service=lieng_pb2.DESCRIPTOR.services_by_name["LiengService"],
        servicer=LiengService,
        add_servicer=lieng_pb2_grpc.add_LiengServiceServicer_to_server,
        bounds=BOUNDS,
        vectors="lieng",
    )
)
