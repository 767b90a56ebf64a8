package io.cardrules.v1;

import static io.grpc.MethodDescriptor.generateFullMethodName;

/**
 * <pre>
 * The rules of Sâm Lốc: is a play legal, which plays are legal, who pays whom at the end of a hand.
 * Seats are indices into the state's seats, in play order (the seat after X acts after X).
 * Every request may carry house rules; unset fields mean the documented defaults.
 * </pre>
 */
@io.grpc.stub.annotations.GrpcGenerated
public final class SamLocServiceGrpc {

  private SamLocServiceGrpc() {}

  public static final java.lang.String SERVICE_NAME = "cardrules.v1.SamLocService";

  // Static method descriptors that strictly reflect the proto.
  private static volatile io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceDealRequest,
      io.cardrules.v1.SamLocServiceDealResponse> getDealMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "Deal",
      requestType = io.cardrules.v1.SamLocServiceDealRequest.class,
      responseType = io.cardrules.v1.SamLocServiceDealResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceDealRequest,
      io.cardrules.v1.SamLocServiceDealResponse> getDealMethod() {
    io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceDealRequest, io.cardrules.v1.SamLocServiceDealResponse> getDealMethod;
    if ((getDealMethod = SamLocServiceGrpc.getDealMethod) == null) {
      synchronized (SamLocServiceGrpc.class) {
        if ((getDealMethod = SamLocServiceGrpc.getDealMethod) == null) {
          SamLocServiceGrpc.getDealMethod = getDealMethod =
              io.grpc.MethodDescriptor.<io.cardrules.v1.SamLocServiceDealRequest, io.cardrules.v1.SamLocServiceDealResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "Deal"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.SamLocServiceDealRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.SamLocServiceDealResponse.getDefaultInstance()))
              .setSchemaDescriptor(new SamLocServiceMethodDescriptorSupplier("Deal"))
              .build();
        }
      }
    }
    return getDealMethod;
  }

  private static volatile io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceStartHandRequest,
      io.cardrules.v1.SamLocServiceStartHandResponse> getStartHandMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "StartHand",
      requestType = io.cardrules.v1.SamLocServiceStartHandRequest.class,
      responseType = io.cardrules.v1.SamLocServiceStartHandResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceStartHandRequest,
      io.cardrules.v1.SamLocServiceStartHandResponse> getStartHandMethod() {
    io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceStartHandRequest, io.cardrules.v1.SamLocServiceStartHandResponse> getStartHandMethod;
    if ((getStartHandMethod = SamLocServiceGrpc.getStartHandMethod) == null) {
      synchronized (SamLocServiceGrpc.class) {
        if ((getStartHandMethod = SamLocServiceGrpc.getStartHandMethod) == null) {
          SamLocServiceGrpc.getStartHandMethod = getStartHandMethod =
              io.grpc.MethodDescriptor.<io.cardrules.v1.SamLocServiceStartHandRequest, io.cardrules.v1.SamLocServiceStartHandResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "StartHand"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.SamLocServiceStartHandRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.SamLocServiceStartHandResponse.getDefaultInstance()))
              .setSchemaDescriptor(new SamLocServiceMethodDescriptorSupplier("StartHand"))
              .build();
        }
      }
    }
    return getStartHandMethod;
  }

  private static volatile io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceValidatePlayRequest,
      io.cardrules.v1.SamLocServiceValidatePlayResponse> getValidatePlayMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ValidatePlay",
      requestType = io.cardrules.v1.SamLocServiceValidatePlayRequest.class,
      responseType = io.cardrules.v1.SamLocServiceValidatePlayResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceValidatePlayRequest,
      io.cardrules.v1.SamLocServiceValidatePlayResponse> getValidatePlayMethod() {
    io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceValidatePlayRequest, io.cardrules.v1.SamLocServiceValidatePlayResponse> getValidatePlayMethod;
    if ((getValidatePlayMethod = SamLocServiceGrpc.getValidatePlayMethod) == null) {
      synchronized (SamLocServiceGrpc.class) {
        if ((getValidatePlayMethod = SamLocServiceGrpc.getValidatePlayMethod) == null) {
          SamLocServiceGrpc.getValidatePlayMethod = getValidatePlayMethod =
              io.grpc.MethodDescriptor.<io.cardrules.v1.SamLocServiceValidatePlayRequest, io.cardrules.v1.SamLocServiceValidatePlayResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ValidatePlay"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.SamLocServiceValidatePlayRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.SamLocServiceValidatePlayResponse.getDefaultInstance()))
              .setSchemaDescriptor(new SamLocServiceMethodDescriptorSupplier("ValidatePlay"))
              .build();
        }
      }
    }
    return getValidatePlayMethod;
  }

  private static volatile io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceLegalMovesRequest,
      io.cardrules.v1.SamLocServiceLegalMovesResponse> getLegalMovesMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "LegalMoves",
      requestType = io.cardrules.v1.SamLocServiceLegalMovesRequest.class,
      responseType = io.cardrules.v1.SamLocServiceLegalMovesResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceLegalMovesRequest,
      io.cardrules.v1.SamLocServiceLegalMovesResponse> getLegalMovesMethod() {
    io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceLegalMovesRequest, io.cardrules.v1.SamLocServiceLegalMovesResponse> getLegalMovesMethod;
    if ((getLegalMovesMethod = SamLocServiceGrpc.getLegalMovesMethod) == null) {
      synchronized (SamLocServiceGrpc.class) {
        if ((getLegalMovesMethod = SamLocServiceGrpc.getLegalMovesMethod) == null) {
          SamLocServiceGrpc.getLegalMovesMethod = getLegalMovesMethod =
              io.grpc.MethodDescriptor.<io.cardrules.v1.SamLocServiceLegalMovesRequest, io.cardrules.v1.SamLocServiceLegalMovesResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "LegalMoves"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.SamLocServiceLegalMovesRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.SamLocServiceLegalMovesResponse.getDefaultInstance()))
              .setSchemaDescriptor(new SamLocServiceMethodDescriptorSupplier("LegalMoves"))
              .build();
        }
      }
    }
    return getLegalMovesMethod;
  }

  private static volatile io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceSettleRoundRequest,
      io.cardrules.v1.SamLocServiceSettleRoundResponse> getSettleRoundMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "SettleRound",
      requestType = io.cardrules.v1.SamLocServiceSettleRoundRequest.class,
      responseType = io.cardrules.v1.SamLocServiceSettleRoundResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceSettleRoundRequest,
      io.cardrules.v1.SamLocServiceSettleRoundResponse> getSettleRoundMethod() {
    io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceSettleRoundRequest, io.cardrules.v1.SamLocServiceSettleRoundResponse> getSettleRoundMethod;
    if ((getSettleRoundMethod = SamLocServiceGrpc.getSettleRoundMethod) == null) {
      synchronized (SamLocServiceGrpc.class) {
        if ((getSettleRoundMethod = SamLocServiceGrpc.getSettleRoundMethod) == null) {
          SamLocServiceGrpc.getSettleRoundMethod = getSettleRoundMethod =
              io.grpc.MethodDescriptor.<io.cardrules.v1.SamLocServiceSettleRoundRequest, io.cardrules.v1.SamLocServiceSettleRoundResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "SettleRound"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.SamLocServiceSettleRoundRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.SamLocServiceSettleRoundResponse.getDefaultInstance()))
              .setSchemaDescriptor(new SamLocServiceMethodDescriptorSupplier("SettleRound"))
              .build();
        }
      }
    }
    return getSettleRoundMethod;
  }

  private static volatile io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceReplayRoundRequest,
      io.cardrules.v1.SamLocServiceReplayRoundResponse> getReplayRoundMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ReplayRound",
      requestType = io.cardrules.v1.SamLocServiceReplayRoundRequest.class,
      responseType = io.cardrules.v1.SamLocServiceReplayRoundResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceReplayRoundRequest,
      io.cardrules.v1.SamLocServiceReplayRoundResponse> getReplayRoundMethod() {
    io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceReplayRoundRequest, io.cardrules.v1.SamLocServiceReplayRoundResponse> getReplayRoundMethod;
    if ((getReplayRoundMethod = SamLocServiceGrpc.getReplayRoundMethod) == null) {
      synchronized (SamLocServiceGrpc.class) {
        if ((getReplayRoundMethod = SamLocServiceGrpc.getReplayRoundMethod) == null) {
          SamLocServiceGrpc.getReplayRoundMethod = getReplayRoundMethod =
              io.grpc.MethodDescriptor.<io.cardrules.v1.SamLocServiceReplayRoundRequest, io.cardrules.v1.SamLocServiceReplayRoundResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ReplayRound"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.SamLocServiceReplayRoundRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.SamLocServiceReplayRoundResponse.getDefaultInstance()))
              .setSchemaDescriptor(new SamLocServiceMethodDescriptorSupplier("ReplayRound"))
              .build();
        }
      }
    }
    return getReplayRoundMethod;
  }

  private static volatile io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceSuggestRequest,
      io.cardrules.v1.SamLocServiceSuggestResponse> getSuggestMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "Suggest",
      requestType = io.cardrules.v1.SamLocServiceSuggestRequest.class,
      responseType = io.cardrules.v1.SamLocServiceSuggestResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceSuggestRequest,
      io.cardrules.v1.SamLocServiceSuggestResponse> getSuggestMethod() {
    io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceSuggestRequest, io.cardrules.v1.SamLocServiceSuggestResponse> getSuggestMethod;
    if ((getSuggestMethod = SamLocServiceGrpc.getSuggestMethod) == null) {
      synchronized (SamLocServiceGrpc.class) {
        if ((getSuggestMethod = SamLocServiceGrpc.getSuggestMethod) == null) {
          SamLocServiceGrpc.getSuggestMethod = getSuggestMethod =
              io.grpc.MethodDescriptor.<io.cardrules.v1.SamLocServiceSuggestRequest, io.cardrules.v1.SamLocServiceSuggestResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "Suggest"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.SamLocServiceSuggestRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.SamLocServiceSuggestResponse.getDefaultInstance()))
              .setSchemaDescriptor(new SamLocServiceMethodDescriptorSupplier("Suggest"))
              .build();
        }
      }
    }
    return getSuggestMethod;
  }

  private static volatile io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceStreamRequest,
      io.cardrules.v1.SamLocServiceStreamResponse> getStreamMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "Stream",
      requestType = io.cardrules.v1.SamLocServiceStreamRequest.class,
      responseType = io.cardrules.v1.SamLocServiceStreamResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.BIDI_STREAMING)
  public static io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceStreamRequest,
      io.cardrules.v1.SamLocServiceStreamResponse> getStreamMethod() {
    io.grpc.MethodDescriptor<io.cardrules.v1.SamLocServiceStreamRequest, io.cardrules.v1.SamLocServiceStreamResponse> getStreamMethod;
    if ((getStreamMethod = SamLocServiceGrpc.getStreamMethod) == null) {
      synchronized (SamLocServiceGrpc.class) {
        if ((getStreamMethod = SamLocServiceGrpc.getStreamMethod) == null) {
          SamLocServiceGrpc.getStreamMethod = getStreamMethod =
              io.grpc.MethodDescriptor.<io.cardrules.v1.SamLocServiceStreamRequest, io.cardrules.v1.SamLocServiceStreamResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.BIDI_STREAMING)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "Stream"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.SamLocServiceStreamRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.SamLocServiceStreamResponse.getDefaultInstance()))
              .setSchemaDescriptor(new SamLocServiceMethodDescriptorSupplier("Stream"))
              .build();
        }
      }
    }
    return getStreamMethod;
  }

  /**
   * Creates a new async stub that supports all call types for the service
   */
  public static SamLocServiceStub newStub(io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<SamLocServiceStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<SamLocServiceStub>() {
        @java.lang.Override
        public SamLocServiceStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new SamLocServiceStub(channel, callOptions);
        }
      };
    return SamLocServiceStub.newStub(factory, channel);
  }

  /**
   * Creates a new blocking-style stub that supports all types of calls on the service
   */
  public static SamLocServiceBlockingV2Stub newBlockingV2Stub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<SamLocServiceBlockingV2Stub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<SamLocServiceBlockingV2Stub>() {
        @java.lang.Override
        public SamLocServiceBlockingV2Stub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new SamLocServiceBlockingV2Stub(channel, callOptions);
        }
      };
    return SamLocServiceBlockingV2Stub.newStub(factory, channel);
  }

  /**
   * Creates a new blocking-style stub that supports unary and streaming output calls on the service
   */
  public static SamLocServiceBlockingStub newBlockingStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<SamLocServiceBlockingStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<SamLocServiceBlockingStub>() {
        @java.lang.Override
        public SamLocServiceBlockingStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new SamLocServiceBlockingStub(channel, callOptions);
        }
      };
    return SamLocServiceBlockingStub.newStub(factory, channel);
  }

  /**
   * Creates a new ListenableFuture-style stub that supports unary calls on the service
   */
  public static SamLocServiceFutureStub newFutureStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<SamLocServiceFutureStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<SamLocServiceFutureStub>() {
        @java.lang.Override
        public SamLocServiceFutureStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new SamLocServiceFutureStub(channel, callOptions);
        }
      };
    return SamLocServiceFutureStub.newStub(factory, channel);
  }

  /**
   * <pre>
   * The rules of Sâm Lốc: is a play legal, which plays are legal, who pays whom at the end of a hand.
   * Seats are indices into the state's seats, in play order (the seat after X acts after X).
   * Every request may carry house rules; unset fields mean the documented defaults.
   * </pre>
   */
  public interface AsyncService {

    /**
     * <pre>
     * Deal the hands from a seeded shuffle that anyone can verify (docs/fair-deal.md): the same inputs give the
     * same deal on every server and in every SDK's local deal_from. The hands then go to StartHand.
     * </pre>
     */
    default void deal(io.cardrules.v1.SamLocServiceDealRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceDealResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getDealMethod(), responseObserver);
    }

    /**
     * <pre>
     * Deal a hand: checks instant wins (tới trắng) and Sâm declarations and returns the first table state.
     * </pre>
     */
    default void startHand(io.cardrules.v1.SamLocServiceStartHandRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceStartHandResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getStartHandMethod(), responseObserver);
    }

    /**
     * <pre>
     * Is this play or pass legal for the seat to act? When legal, also the events it causes and the next state.
     * A TIMEOUT (the seat's clock ran out) is answered with the play or pass the service made for it.
     * An illegal play is a normal answer with a reason code; only malformed input is an error.
     * </pre>
     */
    default void validatePlay(io.cardrules.v1.SamLocServiceValidatePlayRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceValidatePlayResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getValidatePlayMethod(), responseObserver);
    }

    /**
     * <pre>
     * Every legal play for the seat to act, plus pass when allowed. Each move validates.
     * </pre>
     */
    default void legalMoves(io.cardrules.v1.SamLocServiceLegalMovesRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceLegalMovesResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getLegalMovesMethod(), responseObserver);
    }

    /**
     * <pre>
     * Replay a whole round record with the same rules and return the outcome, transfers, nets and fee.
     * </pre>
     */
    default void settleRound(io.cardrules.v1.SamLocServiceSettleRoundRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceSettleRoundResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getSettleRoundMethod(), responseObserver);
    }

    /**
     * <pre>
     * Replay a round record step by step for one viewer (docs/hand-history.md): the deal, each action with what a
     * TIMEOUT resolved to, the events it caused and the state after it, then the settlement. A record with an action
     * that cannot be replayed is a normal answer: the steps before it and where and why it stopped. Any other fault
     * of the record fails with INVALID_ARGUMENT exactly as SettleRound does (a malformed record, a settlement beyond
     * int64).
     * </pre>
     */
    default void replayRound(io.cardrules.v1.SamLocServiceReplayRoundRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceReplayRoundResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getReplayRoundMethod(), responseObserver);
    }

    /**
     * <pre>
     * What should the seat to act do now? A bot's answer at the level asked (docs/bots.md): a play or pass for the
     * seat whose turn it is, or at the deal whether to declare Sâm. It uses only what that seat may see (its own hand,
     * the other seats' card counts, the public history), and the same request and seed give the same answer on every
     * server. A hand that is over has nothing to suggest: INVALID_ARGUMENT, as is any malformed field.
     * </pre>
     */
    default void suggest(io.cardrules.v1.SamLocServiceSuggestRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceSuggestResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getSuggestMethod(), responseObserver);
    }

    /**
     * <pre>
     * Many calls on one long-lived stream, for busy backends: each request carries one of the calls above and a
     * caller-chosen id; each answer carries the same id and that call's response, or the error the unary call would
     * have failed with. Answers come in request order. A bad message fails that message, never the stream.
     * See docs/streams.md for ordering, limits and when unary calls are the better choice.
     * </pre>
     */
    default io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceStreamRequest> stream(
        io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceStreamResponse> responseObserver) {
      return io.grpc.stub.ServerCalls.asyncUnimplementedStreamingCall(getStreamMethod(), responseObserver);
    }
  }

  /**
   * Base class for the server implementation of the service SamLocService.
   * <pre>
   * The rules of Sâm Lốc: is a play legal, which plays are legal, who pays whom at the end of a hand.
   * Seats are indices into the state's seats, in play order (the seat after X acts after X).
   * Every request may carry house rules; unset fields mean the documented defaults.
   * </pre>
   */
  public static abstract class SamLocServiceImplBase
      implements io.grpc.BindableService, AsyncService {

    @java.lang.Override public final io.grpc.ServerServiceDefinition bindService() {
      return SamLocServiceGrpc.bindService(this);
    }
  }

  /**
   * A stub to allow clients to do asynchronous rpc calls to service SamLocService.
   * <pre>
   * The rules of Sâm Lốc: is a play legal, which plays are legal, who pays whom at the end of a hand.
   * Seats are indices into the state's seats, in play order (the seat after X acts after X).
   * Every request may carry house rules; unset fields mean the documented defaults.
   * </pre>
   */
  public static final class SamLocServiceStub
      extends io.grpc.stub.AbstractAsyncStub<SamLocServiceStub> {
    private SamLocServiceStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected SamLocServiceStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new SamLocServiceStub(channel, callOptions);
    }

    /**
     * <pre>
     * Deal the hands from a seeded shuffle that anyone can verify (docs/fair-deal.md): the same inputs give the
     * same deal on every server and in every SDK's local deal_from. The hands then go to StartHand.
     * </pre>
     */
    public void deal(io.cardrules.v1.SamLocServiceDealRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceDealResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getDealMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Deal a hand: checks instant wins (tới trắng) and Sâm declarations and returns the first table state.
     * </pre>
     */
    public void startHand(io.cardrules.v1.SamLocServiceStartHandRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceStartHandResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getStartHandMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Is this play or pass legal for the seat to act? When legal, also the events it causes and the next state.
     * A TIMEOUT (the seat's clock ran out) is answered with the play or pass the service made for it.
     * An illegal play is a normal answer with a reason code; only malformed input is an error.
     * </pre>
     */
    public void validatePlay(io.cardrules.v1.SamLocServiceValidatePlayRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceValidatePlayResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getValidatePlayMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Every legal play for the seat to act, plus pass when allowed. Each move validates.
     * </pre>
     */
    public void legalMoves(io.cardrules.v1.SamLocServiceLegalMovesRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceLegalMovesResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getLegalMovesMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Replay a whole round record with the same rules and return the outcome, transfers, nets and fee.
     * </pre>
     */
    public void settleRound(io.cardrules.v1.SamLocServiceSettleRoundRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceSettleRoundResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getSettleRoundMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Replay a round record step by step for one viewer (docs/hand-history.md): the deal, each action with what a
     * TIMEOUT resolved to, the events it caused and the state after it, then the settlement. A record with an action
     * that cannot be replayed is a normal answer: the steps before it and where and why it stopped. Any other fault
     * of the record fails with INVALID_ARGUMENT exactly as SettleRound does (a malformed record, a settlement beyond
     * int64).
     * </pre>
     */
    public void replayRound(io.cardrules.v1.SamLocServiceReplayRoundRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceReplayRoundResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getReplayRoundMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * What should the seat to act do now? A bot's answer at the level asked (docs/bots.md): a play or pass for the
     * seat whose turn it is, or at the deal whether to declare Sâm. It uses only what that seat may see (its own hand,
     * the other seats' card counts, the public history), and the same request and seed give the same answer on every
     * server. A hand that is over has nothing to suggest: INVALID_ARGUMENT, as is any malformed field.
     * </pre>
     */
    public void suggest(io.cardrules.v1.SamLocServiceSuggestRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceSuggestResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getSuggestMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Many calls on one long-lived stream, for busy backends: each request carries one of the calls above and a
     * caller-chosen id; each answer carries the same id and that call's response, or the error the unary call would
     * have failed with. Answers come in request order. A bad message fails that message, never the stream.
     * See docs/streams.md for ordering, limits and when unary calls are the better choice.
     * </pre>
     */
    public io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceStreamRequest> stream(
        io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceStreamResponse> responseObserver) {
      return io.grpc.stub.ClientCalls.asyncBidiStreamingCall(
          getChannel().newCall(getStreamMethod(), getCallOptions()), responseObserver);
    }
  }

  /**
   * A stub to allow clients to do synchronous rpc calls to service SamLocService.
   * <pre>
   * The rules of Sâm Lốc: is a play legal, which plays are legal, who pays whom at the end of a hand.
   * Seats are indices into the state's seats, in play order (the seat after X acts after X).
   * Every request may carry house rules; unset fields mean the documented defaults.
   * </pre>
   */
  public static final class SamLocServiceBlockingV2Stub
      extends io.grpc.stub.AbstractBlockingStub<SamLocServiceBlockingV2Stub> {
    private SamLocServiceBlockingV2Stub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected SamLocServiceBlockingV2Stub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new SamLocServiceBlockingV2Stub(channel, callOptions);
    }

    /**
     * <pre>
     * Deal the hands from a seeded shuffle that anyone can verify (docs/fair-deal.md): the same inputs give the
     * same deal on every server and in every SDK's local deal_from. The hands then go to StartHand.
     * </pre>
     */
    public io.cardrules.v1.SamLocServiceDealResponse deal(io.cardrules.v1.SamLocServiceDealRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getDealMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Deal a hand: checks instant wins (tới trắng) and Sâm declarations and returns the first table state.
     * </pre>
     */
    public io.cardrules.v1.SamLocServiceStartHandResponse startHand(io.cardrules.v1.SamLocServiceStartHandRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getStartHandMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Is this play or pass legal for the seat to act? When legal, also the events it causes and the next state.
     * A TIMEOUT (the seat's clock ran out) is answered with the play or pass the service made for it.
     * An illegal play is a normal answer with a reason code; only malformed input is an error.
     * </pre>
     */
    public io.cardrules.v1.SamLocServiceValidatePlayResponse validatePlay(io.cardrules.v1.SamLocServiceValidatePlayRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getValidatePlayMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Every legal play for the seat to act, plus pass when allowed. Each move validates.
     * </pre>
     */
    public io.cardrules.v1.SamLocServiceLegalMovesResponse legalMoves(io.cardrules.v1.SamLocServiceLegalMovesRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getLegalMovesMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Replay a whole round record with the same rules and return the outcome, transfers, nets and fee.
     * </pre>
     */
    public io.cardrules.v1.SamLocServiceSettleRoundResponse settleRound(io.cardrules.v1.SamLocServiceSettleRoundRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getSettleRoundMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Replay a round record step by step for one viewer (docs/hand-history.md): the deal, each action with what a
     * TIMEOUT resolved to, the events it caused and the state after it, then the settlement. A record with an action
     * that cannot be replayed is a normal answer: the steps before it and where and why it stopped. Any other fault
     * of the record fails with INVALID_ARGUMENT exactly as SettleRound does (a malformed record, a settlement beyond
     * int64).
     * </pre>
     */
    public io.cardrules.v1.SamLocServiceReplayRoundResponse replayRound(io.cardrules.v1.SamLocServiceReplayRoundRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getReplayRoundMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * What should the seat to act do now? A bot's answer at the level asked (docs/bots.md): a play or pass for the
     * seat whose turn it is, or at the deal whether to declare Sâm. It uses only what that seat may see (its own hand,
     * the other seats' card counts, the public history), and the same request and seed give the same answer on every
     * server. A hand that is over has nothing to suggest: INVALID_ARGUMENT, as is any malformed field.
     * </pre>
     */
    public io.cardrules.v1.SamLocServiceSuggestResponse suggest(io.cardrules.v1.SamLocServiceSuggestRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getSuggestMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Many calls on one long-lived stream, for busy backends: each request carries one of the calls above and a
     * caller-chosen id; each answer carries the same id and that call's response, or the error the unary call would
     * have failed with. Answers come in request order. A bad message fails that message, never the stream.
     * See docs/streams.md for ordering, limits and when unary calls are the better choice.
     * </pre>
     */
    @io.grpc.ExperimentalApi("https://github.com/grpc/grpc-java/issues/10918")
    public io.grpc.stub.BlockingClientCall<io.cardrules.v1.SamLocServiceStreamRequest, io.cardrules.v1.SamLocServiceStreamResponse>
        stream() {
      return io.grpc.stub.ClientCalls.blockingBidiStreamingCall(
          getChannel(), getStreamMethod(), getCallOptions());
    }
  }

  /**
   * A stub to allow clients to do limited synchronous rpc calls to service SamLocService.
   * <pre>
   * The rules of Sâm Lốc: is a play legal, which plays are legal, who pays whom at the end of a hand.
   * Seats are indices into the state's seats, in play order (the seat after X acts after X).
   * Every request may carry house rules; unset fields mean the documented defaults.
   * </pre>
   */
  public static final class SamLocServiceBlockingStub
      extends io.grpc.stub.AbstractBlockingStub<SamLocServiceBlockingStub> {
    private SamLocServiceBlockingStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected SamLocServiceBlockingStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new SamLocServiceBlockingStub(channel, callOptions);
    }

    /**
     * <pre>
     * Deal the hands from a seeded shuffle that anyone can verify (docs/fair-deal.md): the same inputs give the
     * same deal on every server and in every SDK's local deal_from. The hands then go to StartHand.
     * </pre>
     */
    public io.cardrules.v1.SamLocServiceDealResponse deal(io.cardrules.v1.SamLocServiceDealRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getDealMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Deal a hand: checks instant wins (tới trắng) and Sâm declarations and returns the first table state.
     * </pre>
     */
    public io.cardrules.v1.SamLocServiceStartHandResponse startHand(io.cardrules.v1.SamLocServiceStartHandRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getStartHandMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Is this play or pass legal for the seat to act? When legal, also the events it causes and the next state.
     * A TIMEOUT (the seat's clock ran out) is answered with the play or pass the service made for it.
     * An illegal play is a normal answer with a reason code; only malformed input is an error.
     * </pre>
     */
    public io.cardrules.v1.SamLocServiceValidatePlayResponse validatePlay(io.cardrules.v1.SamLocServiceValidatePlayRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getValidatePlayMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Every legal play for the seat to act, plus pass when allowed. Each move validates.
     * </pre>
     */
    public io.cardrules.v1.SamLocServiceLegalMovesResponse legalMoves(io.cardrules.v1.SamLocServiceLegalMovesRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getLegalMovesMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Replay a whole round record with the same rules and return the outcome, transfers, nets and fee.
     * </pre>
     */
    public io.cardrules.v1.SamLocServiceSettleRoundResponse settleRound(io.cardrules.v1.SamLocServiceSettleRoundRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getSettleRoundMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Replay a round record step by step for one viewer (docs/hand-history.md): the deal, each action with what a
     * TIMEOUT resolved to, the events it caused and the state after it, then the settlement. A record with an action
     * that cannot be replayed is a normal answer: the steps before it and where and why it stopped. Any other fault
     * of the record fails with INVALID_ARGUMENT exactly as SettleRound does (a malformed record, a settlement beyond
     * int64).
     * </pre>
     */
    public io.cardrules.v1.SamLocServiceReplayRoundResponse replayRound(io.cardrules.v1.SamLocServiceReplayRoundRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getReplayRoundMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * What should the seat to act do now? A bot's answer at the level asked (docs/bots.md): a play or pass for the
     * seat whose turn it is, or at the deal whether to declare Sâm. It uses only what that seat may see (its own hand,
     * the other seats' card counts, the public history), and the same request and seed give the same answer on every
     * server. A hand that is over has nothing to suggest: INVALID_ARGUMENT, as is any malformed field.
     * </pre>
     */
    public io.cardrules.v1.SamLocServiceSuggestResponse suggest(io.cardrules.v1.SamLocServiceSuggestRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getSuggestMethod(), getCallOptions(), request);
    }
  }

  /**
   * A stub to allow clients to do ListenableFuture-style rpc calls to service SamLocService.
   * <pre>
   * The rules of Sâm Lốc: is a play legal, which plays are legal, who pays whom at the end of a hand.
   * Seats are indices into the state's seats, in play order (the seat after X acts after X).
   * Every request may carry house rules; unset fields mean the documented defaults.
   * </pre>
   */
  public static final class SamLocServiceFutureStub
      extends io.grpc.stub.AbstractFutureStub<SamLocServiceFutureStub> {
    private SamLocServiceFutureStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected SamLocServiceFutureStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new SamLocServiceFutureStub(channel, callOptions);
    }

    /**
     * <pre>
     * Deal the hands from a seeded shuffle that anyone can verify (docs/fair-deal.md): the same inputs give the
     * same deal on every server and in every SDK's local deal_from. The hands then go to StartHand.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<io.cardrules.v1.SamLocServiceDealResponse> deal(
        io.cardrules.v1.SamLocServiceDealRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getDealMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Deal a hand: checks instant wins (tới trắng) and Sâm declarations and returns the first table state.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<io.cardrules.v1.SamLocServiceStartHandResponse> startHand(
        io.cardrules.v1.SamLocServiceStartHandRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getStartHandMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Is this play or pass legal for the seat to act? When legal, also the events it causes and the next state.
     * A TIMEOUT (the seat's clock ran out) is answered with the play or pass the service made for it.
     * An illegal play is a normal answer with a reason code; only malformed input is an error.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<io.cardrules.v1.SamLocServiceValidatePlayResponse> validatePlay(
        io.cardrules.v1.SamLocServiceValidatePlayRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getValidatePlayMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Every legal play for the seat to act, plus pass when allowed. Each move validates.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<io.cardrules.v1.SamLocServiceLegalMovesResponse> legalMoves(
        io.cardrules.v1.SamLocServiceLegalMovesRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getLegalMovesMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Replay a whole round record with the same rules and return the outcome, transfers, nets and fee.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<io.cardrules.v1.SamLocServiceSettleRoundResponse> settleRound(
        io.cardrules.v1.SamLocServiceSettleRoundRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getSettleRoundMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Replay a round record step by step for one viewer (docs/hand-history.md): the deal, each action with what a
     * TIMEOUT resolved to, the events it caused and the state after it, then the settlement. A record with an action
     * that cannot be replayed is a normal answer: the steps before it and where and why it stopped. Any other fault
     * of the record fails with INVALID_ARGUMENT exactly as SettleRound does (a malformed record, a settlement beyond
     * int64).
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<io.cardrules.v1.SamLocServiceReplayRoundResponse> replayRound(
        io.cardrules.v1.SamLocServiceReplayRoundRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getReplayRoundMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * What should the seat to act do now? A bot's answer at the level asked (docs/bots.md): a play or pass for the
     * seat whose turn it is, or at the deal whether to declare Sâm. It uses only what that seat may see (its own hand,
     * the other seats' card counts, the public history), and the same request and seed give the same answer on every
     * server. A hand that is over has nothing to suggest: INVALID_ARGUMENT, as is any malformed field.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<io.cardrules.v1.SamLocServiceSuggestResponse> suggest(
        io.cardrules.v1.SamLocServiceSuggestRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getSuggestMethod(), getCallOptions()), request);
    }
  }

  private static final int METHODID_DEAL = 0;
  private static final int METHODID_START_HAND = 1;
  private static final int METHODID_VALIDATE_PLAY = 2;
  private static final int METHODID_LEGAL_MOVES = 3;
  private static final int METHODID_SETTLE_ROUND = 4;
  private static final int METHODID_REPLAY_ROUND = 5;
  private static final int METHODID_SUGGEST = 6;
  private static final int METHODID_STREAM = 7;

  private static final class MethodHandlers<Req, Resp> implements
      io.grpc.stub.ServerCalls.UnaryMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ServerStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.ClientStreamingMethod<Req, Resp>,
      io.grpc.stub.ServerCalls.BidiStreamingMethod<Req, Resp> {
    private final AsyncService serviceImpl;
    private final int methodId;

    MethodHandlers(AsyncService serviceImpl, int methodId) {
      this.serviceImpl = serviceImpl;
      this.methodId = methodId;
    }

    @java.lang.Override
    @java.lang.SuppressWarnings("unchecked")
    public void invoke(Req request, io.grpc.stub.StreamObserver<Resp> responseObserver) {
      switch (methodId) {
        case METHODID_DEAL:
          serviceImpl.deal((io.cardrules.v1.SamLocServiceDealRequest) request,
              (io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceDealResponse>) responseObserver);
          break;
        case METHODID_START_HAND:
          serviceImpl.startHand((io.cardrules.v1.SamLocServiceStartHandRequest) request,
              (io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceStartHandResponse>) responseObserver);
          break;
        case METHODID_VALIDATE_PLAY:
          serviceImpl.validatePlay((io.cardrules.v1.SamLocServiceValidatePlayRequest) request,
              (io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceValidatePlayResponse>) responseObserver);
          break;
        case METHODID_LEGAL_MOVES:
          serviceImpl.legalMoves((io.cardrules.v1.SamLocServiceLegalMovesRequest) request,
              (io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceLegalMovesResponse>) responseObserver);
          break;
        case METHODID_SETTLE_ROUND:
          serviceImpl.settleRound((io.cardrules.v1.SamLocServiceSettleRoundRequest) request,
              (io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceSettleRoundResponse>) responseObserver);
          break;
        case METHODID_REPLAY_ROUND:
          serviceImpl.replayRound((io.cardrules.v1.SamLocServiceReplayRoundRequest) request,
              (io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceReplayRoundResponse>) responseObserver);
          break;
        case METHODID_SUGGEST:
          serviceImpl.suggest((io.cardrules.v1.SamLocServiceSuggestRequest) request,
              (io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceSuggestResponse>) responseObserver);
          break;
        default:
          throw new AssertionError();
      }
    }

    @java.lang.Override
    @java.lang.SuppressWarnings("unchecked")
    public io.grpc.stub.StreamObserver<Req> invoke(
        io.grpc.stub.StreamObserver<Resp> responseObserver) {
      switch (methodId) {
        case METHODID_STREAM:
          return (io.grpc.stub.StreamObserver<Req>) serviceImpl.stream(
              (io.grpc.stub.StreamObserver<io.cardrules.v1.SamLocServiceStreamResponse>) responseObserver);
        default:
          throw new AssertionError();
      }
    }
  }

  public static final io.grpc.ServerServiceDefinition bindService(AsyncService service) {
    return io.grpc.ServerServiceDefinition.builder(getServiceDescriptor())
        .addMethod(
          getDealMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              io.cardrules.v1.SamLocServiceDealRequest,
              io.cardrules.v1.SamLocServiceDealResponse>(
                service, METHODID_DEAL)))
        .addMethod(
          getStartHandMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              io.cardrules.v1.SamLocServiceStartHandRequest,
              io.cardrules.v1.SamLocServiceStartHandResponse>(
                service, METHODID_START_HAND)))
        .addMethod(
          getValidatePlayMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              io.cardrules.v1.SamLocServiceValidatePlayRequest,
              io.cardrules.v1.SamLocServiceValidatePlayResponse>(
                service, METHODID_VALIDATE_PLAY)))
        .addMethod(
          getLegalMovesMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              io.cardrules.v1.SamLocServiceLegalMovesRequest,
              io.cardrules.v1.SamLocServiceLegalMovesResponse>(
                service, METHODID_LEGAL_MOVES)))
        .addMethod(
          getSettleRoundMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              io.cardrules.v1.SamLocServiceSettleRoundRequest,
              io.cardrules.v1.SamLocServiceSettleRoundResponse>(
                service, METHODID_SETTLE_ROUND)))
        .addMethod(
          getReplayRoundMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              io.cardrules.v1.SamLocServiceReplayRoundRequest,
              io.cardrules.v1.SamLocServiceReplayRoundResponse>(
                service, METHODID_REPLAY_ROUND)))
        .addMethod(
          getSuggestMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              io.cardrules.v1.SamLocServiceSuggestRequest,
              io.cardrules.v1.SamLocServiceSuggestResponse>(
                service, METHODID_SUGGEST)))
        .addMethod(
          getStreamMethod(),
          io.grpc.stub.ServerCalls.asyncBidiStreamingCall(
            new MethodHandlers<
              io.cardrules.v1.SamLocServiceStreamRequest,
              io.cardrules.v1.SamLocServiceStreamResponse>(
                service, METHODID_STREAM)))
        .build();
  }

  private static abstract class SamLocServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoFileDescriptorSupplier, io.grpc.protobuf.ProtoServiceDescriptorSupplier {
    SamLocServiceBaseDescriptorSupplier() {}

    @java.lang.Override
    public com.google.protobuf.Descriptors.FileDescriptor getFileDescriptor() {
      return io.cardrules.v1.SamLoc.getDescriptor();
    }

    @java.lang.Override
    public com.google.protobuf.Descriptors.ServiceDescriptor getServiceDescriptor() {
      return getFileDescriptor().findServiceByName("SamLocService");
    }
  }

  private static final class SamLocServiceFileDescriptorSupplier
      extends SamLocServiceBaseDescriptorSupplier {
    SamLocServiceFileDescriptorSupplier() {}
  }

  private static final class SamLocServiceMethodDescriptorSupplier
      extends SamLocServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoMethodDescriptorSupplier {
    private final java.lang.String methodName;

    SamLocServiceMethodDescriptorSupplier(java.lang.String methodName) {
      this.methodName = methodName;
    }

    @java.lang.Override
    public com.google.protobuf.Descriptors.MethodDescriptor getMethodDescriptor() {
      return getServiceDescriptor().findMethodByName(methodName);
    }
  }

  private static volatile io.grpc.ServiceDescriptor serviceDescriptor;

  public static io.grpc.ServiceDescriptor getServiceDescriptor() {
    io.grpc.ServiceDescriptor result = serviceDescriptor;
    if (result == null) {
      synchronized (SamLocServiceGrpc.class) {
        result = serviceDescriptor;
        if (result == null) {
          serviceDescriptor = result = io.grpc.ServiceDescriptor.newBuilder(SERVICE_NAME)
              .setSchemaDescriptor(new SamLocServiceFileDescriptorSupplier())
              .addMethod(getDealMethod())
              .addMethod(getStartHandMethod())
              .addMethod(getValidatePlayMethod())
              .addMethod(getLegalMovesMethod())
              .addMethod(getSettleRoundMethod())
              .addMethod(getReplayRoundMethod())
              .addMethod(getSuggestMethod())
              .addMethod(getStreamMethod())
              .build();
        }
      }
    }
    return result;
  }
}
