package io.cardrules.client;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.BadRequest;
import com.google.rpc.ErrorInfo;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A call to the rules service failed. An illegal play is not one (ValidatePlay answers {@code legal: false} with a
 * reason); these are for malformed input, refused credentials, overload, outages and deadlines. Subclasses name
 * the common cases; any other status code gives a plain RulesException. The original gRPC exception is the cause.
 */
public class RulesException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final Status.Code code;
  private final transient com.google.rpc.Status status;
  private final transient ErrorInfo errorInfo;

  protected RulesException(Status.Code code, String message, com.google.rpc.Status status, Throwable cause) {
    super(code + ": " + message, cause);
    this.code = code;
    this.status = status;
    this.errorInfo = errorInfo(status);
  }

  /**
   * The stable reason of the failure from the server's {@code google.rpc.ErrorInfo}, e.g. {@code MALFORMED_CARD} (for
   * INVALID_ARGUMENT, the first field violation's); empty when the server sent none. Branch on this, not on the
   * message.
   */
  public String reason() {
    return errorInfo == null ? "" : errorInfo.getReason();
  }

  /** The ErrorInfo's domain, {@code cardrules.v1} from the rules service; empty without an ErrorInfo. */
  public String domain() {
    return errorInfo == null ? "" : errorInfo.getDomain();
  }

  /** The ErrorInfo's metadata (e.g. {@code field} naming the first offending field); empty without one. */
  public Map<String, String> metadata() {
    return errorInfo == null ? Collections.<String, String>emptyMap() : errorInfo.getMetadataMap();
  }

  /** The {@code google.rpc.ErrorInfo} detail itself, or null when the server sent none. */
  public ErrorInfo errorInfo() {
    return errorInfo;
  }

  /** The gRPC status code, e.g. {@code INVALID_ARGUMENT}. */
  public Status.Code code() {
    return code;
  }

  /**
   * The {@code google.rpc.Status} the server attached (its details hold e.g. BadRequest); without one, a status
   * of just the code and message; null when the attached one contradicts the call's code.
   */
  public com.google.rpc.Status status() {
    return status;
  }

  /** Map a failed call ({@link StatusRuntimeException} or {@link StatusException}) to its typed error. */
  public static RulesException from(Throwable error) {
    Status grpcStatus = Status.fromThrowable(error);
    String message = grpcStatus.getDescription() == null ? "" : grpcStatus.getDescription();
    com.google.rpc.Status status = decodeStatus(error);
    switch (grpcStatus.getCode()) {
      case INVALID_ARGUMENT:
        return new InvalidArgumentException(message, status, fieldViolations(status), error);
      case RESOURCE_EXHAUSTED:
        return new ResourceExhaustedException(message, status, error);
      case UNAVAILABLE:
        return new UnavailableException(message, status, error);
      case DEADLINE_EXCEEDED:
        return new DeadlineExceededException(message, status, error);
      case UNAUTHENTICATED:
        return new UnauthenticatedException(message, status, error);
      default:
        return new RulesException(grpcStatus.getCode(), message, status, error);
    }
  }

  /** The {@code google.rpc.Status} of a failed call (see {@link #status()}), or null when not trustworthy. */
  public static com.google.rpc.Status decodeStatus(Throwable error) {
    try {
      return StatusProto.fromThrowable(error);
    } catch (IllegalArgumentException contradicts) {
      // A status detail whose code contradicts the call's own code: no trustworthy details.
      return null;
    }
  }

  /** The first {@code google.rpc.ErrorInfo} in a status's details, or null. */
  public static ErrorInfo errorInfo(com.google.rpc.Status status) {
    if (status == null) {
      return null;
    }
    for (Any detail : status.getDetailsList()) {
      if (detail.is(ErrorInfo.class)) {
        try {
          return detail.unpack(ErrorInfo.class);
        } catch (InvalidProtocolBufferException corrupt) {
          // Claims to be ErrorInfo but does not parse: no reason we could trust; look for another.
        }
      }
    }
    return null;
  }

  /** Every {@code google.rpc.BadRequest} field violation in a status's details, in order. */
  public static List<FieldViolation> fieldViolations(com.google.rpc.Status status) {
    if (status == null) {
      return Collections.emptyList();
    }
    List<FieldViolation> violations = new ArrayList<>();
    for (Any detail : status.getDetailsList()) {
      if (!detail.is(BadRequest.class)) {
        continue;
      }
      try {
        for (BadRequest.FieldViolation v : detail.unpack(BadRequest.class).getFieldViolationsList()) {
          violations.add(new FieldViolation(v.getField(), v.getDescription(), v.getReason()));
        }
      } catch (InvalidProtocolBufferException corrupt) {
        // A detail that claims to be BadRequest but does not parse names no field we could trust.
      }
    }
    return Collections.unmodifiableList(violations);
  }
}
