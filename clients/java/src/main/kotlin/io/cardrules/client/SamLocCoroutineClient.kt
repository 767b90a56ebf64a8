package io.cardrules.client

import io.cardrules.v1.SamLocServiceLegalMovesRequest
import io.cardrules.v1.SamLocServiceLegalMovesResponse
import io.cardrules.v1.SamLocServiceSettleRoundRequest
import io.cardrules.v1.SamLocServiceSettleRoundResponse
import io.cardrules.v1.SamLocServiceStartHandRequest
import io.cardrules.v1.SamLocServiceStartHandResponse
import io.cardrules.v1.SamLocServiceValidatePlayRequest
import io.cardrules.v1.SamLocServiceValidatePlayResponse
import io.grpc.CallCredentials
import io.grpc.Channel
import java.util.concurrent.TimeUnit
import kotlinx.coroutines.guava.await

/**
 * [SamLocClient] for Kotlin coroutines: the same methods as suspend functions, over [SamLocFutureClient]. A call
 * suspends (no thread blocked) until the answer comes; a failed call throws a [RulesException] subclass; cancelling
 * the coroutine cancels the call. Each call gets the client's deadline (default 2 s). Thread-safe; share one per
 * channel.
 *
 * Needs `org.jetbrains.kotlinx:kotlinx-coroutines-guava` on the class path (an optional dependency of this
 * library, so Java users do not get Kotlin): add it next to `cardrules-client`.
 */
class SamLocCoroutineClient(private val futures: SamLocFutureClient) {
    /** A client whose calls get [deadlineMillis] each ([RulesChannels.DEFAULT_DEADLINE_MILLIS] by default). */
    @JvmOverloads
    constructor(channel: Channel, deadlineMillis: Long = RulesChannels.DEFAULT_DEADLINE_MILLIS) :
        this(SamLocFutureClient(channel, deadlineMillis))

    /** A client whose calls must end within [duration] from now (see [SamLocFutureClient.withDeadlineAfter]). */
    fun withDeadlineAfter(duration: Long, unit: TimeUnit): SamLocCoroutineClient =
        SamLocCoroutineClient(futures.withDeadlineAfter(duration, unit))

    /** A client whose calls each get [duration]. */
    fun withTimeout(duration: Long, unit: TimeUnit): SamLocCoroutineClient =
        SamLocCoroutineClient(futures.withTimeout(duration, unit))

    /** A client whose calls carry [credentials], e.g. `BearerToken.of(token)`. */
    fun withCallCredentials(credentials: CallCredentials): SamLocCoroutineClient =
        SamLocCoroutineClient(futures.withCallCredentials(credentials))

    /** SamLocService/StartHand. */
    suspend fun startHand(request: SamLocServiceStartHandRequest): SamLocServiceStartHandResponse =
        futures.startHand(request).await()

    /** SamLocService/ValidatePlay. */
    suspend fun validatePlay(request: SamLocServiceValidatePlayRequest): SamLocServiceValidatePlayResponse =
        futures.validatePlay(request).await()

    /** SamLocService/LegalMoves. */
    suspend fun legalMoves(request: SamLocServiceLegalMovesRequest): SamLocServiceLegalMovesResponse =
        futures.legalMoves(request).await()

    /** SamLocService/SettleRound. */
    suspend fun settleRound(request: SamLocServiceSettleRoundRequest): SamLocServiceSettleRoundResponse =
        futures.settleRound(request).await()

}
