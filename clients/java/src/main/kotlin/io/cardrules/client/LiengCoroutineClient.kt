package io.cardrules.client

import io.cardrules.v1.CompareHandsRequest
import io.cardrules.v1.CompareHandsResponse
import io.cardrules.v1.LiengServiceLegalMovesRequest
import io.cardrules.v1.LiengServiceLegalMovesResponse
import io.cardrules.v1.LiengServiceSettleRoundRequest
import io.cardrules.v1.LiengServiceSettleRoundResponse
import io.cardrules.v1.LiengServiceValidatePlayRequest
import io.cardrules.v1.LiengServiceValidatePlayResponse
import io.cardrules.v1.ScoreLiengRequest
import io.cardrules.v1.ScoreLiengResponse
import io.cardrules.v1.StartBettingRequest
import io.cardrules.v1.StartBettingResponse
import io.grpc.CallCredentials
import io.grpc.Channel
import java.util.concurrent.TimeUnit
import kotlinx.coroutines.guava.await

/**
 * [LiengClient] for Kotlin coroutines: the same methods as suspend functions, over [LiengFutureClient]. A call
 * suspends (no thread blocked) until the answer comes; a failed call throws a [RulesException] subclass; cancelling
 * the coroutine cancels the call. Each call gets the client's deadline (default 2 s). Thread-safe; share one per
 * channel.
 *
 * Needs `org.jetbrains.kotlinx:kotlinx-coroutines-guava` on the class path (an optional dependency of this
 * library, so Java users do not get Kotlin): add it next to `cardrules-client`.
 */
class LiengCoroutineClient(private val futures: LiengFutureClient) {
    /** A client whose calls get [deadlineMillis] each ([RulesChannels.DEFAULT_DEADLINE_MILLIS] by default). */
    @JvmOverloads
    constructor(channel: Channel, deadlineMillis: Long = RulesChannels.DEFAULT_DEADLINE_MILLIS) :
        this(LiengFutureClient(channel, deadlineMillis))

    /** A client whose calls must end within [duration] from now (see [LiengFutureClient.withDeadlineAfter]). */
    fun withDeadlineAfter(duration: Long, unit: TimeUnit): LiengCoroutineClient =
        LiengCoroutineClient(futures.withDeadlineAfter(duration, unit))

    /** A client whose calls each get [duration]. */
    fun withTimeout(duration: Long, unit: TimeUnit): LiengCoroutineClient =
        LiengCoroutineClient(futures.withTimeout(duration, unit))

    /** A client whose calls carry [credentials], e.g. `BearerToken.of(token)`. */
    fun withCallCredentials(credentials: CallCredentials): LiengCoroutineClient =
        LiengCoroutineClient(futures.withCallCredentials(credentials))

    /** LiengService/ScoreLieng. */
    suspend fun scoreLieng(request: ScoreLiengRequest): ScoreLiengResponse = futures.scoreLieng(request).await()

    /** LiengService/CompareHands. */
    suspend fun compareHands(request: CompareHandsRequest): CompareHandsResponse = futures.compareHands(request).await()

    /** LiengService/StartBetting. */
    suspend fun startBetting(request: StartBettingRequest): StartBettingResponse = futures.startBetting(request).await()

    /** LiengService/ValidatePlay. */
    suspend fun validatePlay(request: LiengServiceValidatePlayRequest): LiengServiceValidatePlayResponse =
        futures.validatePlay(request).await()

    /** LiengService/LegalMoves. */
    suspend fun legalMoves(request: LiengServiceLegalMovesRequest): LiengServiceLegalMovesResponse =
        futures.legalMoves(request).await()

    /** LiengService/SettleRound. */
    suspend fun settleRound(request: LiengServiceSettleRoundRequest): LiengServiceSettleRoundResponse =
        futures.settleRound(request).await()

    /** Score hands given as card text with the default house rules: `scoreLieng("AC AD AH", "2S 3H 4D")`. */
    suspend fun scoreLieng(vararg hands: String): ScoreLiengResponse = futures.scoreLieng(*hands).await()

    /** Rank hands given as card text with the default house rules. */
    suspend fun compareHands(vararg hands: String): CompareHandsResponse = futures.compareHands(*hands).await()

}
