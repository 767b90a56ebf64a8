// The README's Kotlin lines on the fair deal and views, compiled with the tests and run by FairDealTest.
package io.cardrules.examples

import com.google.protobuf.ByteString
import io.cardrules.client.FairDeal
import io.cardrules.client.Views
import io.cardrules.v1.Cards
import io.cardrules.v1.SamLocServiceStartHandRequest
import io.cardrules.v1.SamLocServiceStartHandResponse

/** The hand's start asking a copy of the answer for every seat and a spectator. */
fun withTableViews(request: SamLocServiceStartHandRequest): SamLocServiceStartHandRequest =
    request.toBuilder().addAllViews(Views.tableViewers(request.handsCount)).build()

/** What seat 2's client is sent: its own copy of the answer. */
fun seatTwosView(answer: SamLocServiceStartHandResponse): SamLocServiceStartHandResponse =
    Views.viewFor(answer, Views.seat(2))

/** A player's check once the backend has revealed the server seed. */
fun dealtFairly(seed: ByteArray, hands: List<Cards>, commitment: ByteString): Boolean =
    FairDeal.verify(FairDeal.Game.SAM_LOC, seed, "table-7", 1, hands, commitment)
