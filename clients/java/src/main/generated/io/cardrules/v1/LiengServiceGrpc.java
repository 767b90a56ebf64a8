package io.cardrules.v1;

import static io.grpc.MethodDescriptor.generateFullMethodName;

/**
 * <pre>
 * The rules of Liêng: what a hand scores, which hand wins, is a betting action legal, who gets the pots.
 * Seats are indices in play order. Every request may carry house rules; unset fields mean the defaults.
 * </pre>
 */
@io.grpc.stub.annotations.GrpcGenerated
public final class LiengServiceGrpc {

  private LiengServiceGrpc() {}

  public static final java.lang.String SERVICE_NAME = "cardrules.v1.LiengService";

  // Static method descriptors that strictly reflect the proto.
  private static volatile io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceDealRequest,
      io.cardrules.v1.LiengServiceDealResponse> getDealMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "Deal",
      requestType = io.cardrules.v1.LiengServiceDealRequest.class,
      responseType = io.cardrules.v1.LiengServiceDealResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceDealRequest,
      io.cardrules.v1.LiengServiceDealResponse> getDealMethod() {
    io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceDealRequest, io.cardrules.v1.LiengServiceDealResponse> getDealMethod;
    if ((getDealMethod = LiengServiceGrpc.getDealMethod) == null) {
      synchronized (LiengServiceGrpc.class) {
        if ((getDealMethod = LiengServiceGrpc.getDealMethod) == null) {
          LiengServiceGrpc.getDealMethod = getDealMethod =
              io.grpc.MethodDescriptor.<io.cardrules.v1.LiengServiceDealRequest, io.cardrules.v1.LiengServiceDealResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "Deal"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.LiengServiceDealRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.LiengServiceDealResponse.getDefaultInstance()))
              .setSchemaDescriptor(new LiengServiceMethodDescriptorSupplier("Deal"))
              .build();
        }
      }
    }
    return getDealMethod;
  }

  private static volatile io.grpc.MethodDescriptor<io.cardrules.v1.ScoreLiengRequest,
      io.cardrules.v1.ScoreLiengResponse> getScoreLiengMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ScoreLieng",
      requestType = io.cardrules.v1.ScoreLiengRequest.class,
      responseType = io.cardrules.v1.ScoreLiengResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<io.cardrules.v1.ScoreLiengRequest,
      io.cardrules.v1.ScoreLiengResponse> getScoreLiengMethod() {
    io.grpc.MethodDescriptor<io.cardrules.v1.ScoreLiengRequest, io.cardrules.v1.ScoreLiengResponse> getScoreLiengMethod;
    if ((getScoreLiengMethod = LiengServiceGrpc.getScoreLiengMethod) == null) {
      synchronized (LiengServiceGrpc.class) {
        if ((getScoreLiengMethod = LiengServiceGrpc.getScoreLiengMethod) == null) {
          LiengServiceGrpc.getScoreLiengMethod = getScoreLiengMethod =
              io.grpc.MethodDescriptor.<io.cardrules.v1.ScoreLiengRequest, io.cardrules.v1.ScoreLiengResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ScoreLieng"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.ScoreLiengRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.ScoreLiengResponse.getDefaultInstance()))
              .setSchemaDescriptor(new LiengServiceMethodDescriptorSupplier("ScoreLieng"))
              .build();
        }
      }
    }
    return getScoreLiengMethod;
  }

  private static volatile io.grpc.MethodDescriptor<io.cardrules.v1.CompareHandsRequest,
      io.cardrules.v1.CompareHandsResponse> getCompareHandsMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "CompareHands",
      requestType = io.cardrules.v1.CompareHandsRequest.class,
      responseType = io.cardrules.v1.CompareHandsResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<io.cardrules.v1.CompareHandsRequest,
      io.cardrules.v1.CompareHandsResponse> getCompareHandsMethod() {
    io.grpc.MethodDescriptor<io.cardrules.v1.CompareHandsRequest, io.cardrules.v1.CompareHandsResponse> getCompareHandsMethod;
    if ((getCompareHandsMethod = LiengServiceGrpc.getCompareHandsMethod) == null) {
      synchronized (LiengServiceGrpc.class) {
        if ((getCompareHandsMethod = LiengServiceGrpc.getCompareHandsMethod) == null) {
          LiengServiceGrpc.getCompareHandsMethod = getCompareHandsMethod =
              io.grpc.MethodDescriptor.<io.cardrules.v1.CompareHandsRequest, io.cardrules.v1.CompareHandsResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "CompareHands"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.CompareHandsRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.CompareHandsResponse.getDefaultInstance()))
              .setSchemaDescriptor(new LiengServiceMethodDescriptorSupplier("CompareHands"))
              .build();
        }
      }
    }
    return getCompareHandsMethod;
  }

  private static volatile io.grpc.MethodDescriptor<io.cardrules.v1.StartBettingRequest,
      io.cardrules.v1.StartBettingResponse> getStartBettingMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "StartBetting",
      requestType = io.cardrules.v1.StartBettingRequest.class,
      responseType = io.cardrules.v1.StartBettingResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<io.cardrules.v1.StartBettingRequest,
      io.cardrules.v1.StartBettingResponse> getStartBettingMethod() {
    io.grpc.MethodDescriptor<io.cardrules.v1.StartBettingRequest, io.cardrules.v1.StartBettingResponse> getStartBettingMethod;
    if ((getStartBettingMethod = LiengServiceGrpc.getStartBettingMethod) == null) {
      synchronized (LiengServiceGrpc.class) {
        if ((getStartBettingMethod = LiengServiceGrpc.getStartBettingMethod) == null) {
          LiengServiceGrpc.getStartBettingMethod = getStartBettingMethod =
              io.grpc.MethodDescriptor.<io.cardrules.v1.StartBettingRequest, io.cardrules.v1.StartBettingResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "StartBetting"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.StartBettingRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.StartBettingResponse.getDefaultInstance()))
              .setSchemaDescriptor(new LiengServiceMethodDescriptorSupplier("StartBetting"))
              .build();
        }
      }
    }
    return getStartBettingMethod;
  }

  private static volatile io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceValidatePlayRequest,
      io.cardrules.v1.LiengServiceValidatePlayResponse> getValidatePlayMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ValidatePlay",
      requestType = io.cardrules.v1.LiengServiceValidatePlayRequest.class,
      responseType = io.cardrules.v1.LiengServiceValidatePlayResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceValidatePlayRequest,
      io.cardrules.v1.LiengServiceValidatePlayResponse> getValidatePlayMethod() {
    io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceValidatePlayRequest, io.cardrules.v1.LiengServiceValidatePlayResponse> getValidatePlayMethod;
    if ((getValidatePlayMethod = LiengServiceGrpc.getValidatePlayMethod) == null) {
      synchronized (LiengServiceGrpc.class) {
        if ((getValidatePlayMethod = LiengServiceGrpc.getValidatePlayMethod) == null) {
          LiengServiceGrpc.getValidatePlayMethod = getValidatePlayMethod =
              io.grpc.MethodDescriptor.<io.cardrules.v1.LiengServiceValidatePlayRequest, io.cardrules.v1.LiengServiceValidatePlayResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ValidatePlay"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.LiengServiceValidatePlayRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.LiengServiceValidatePlayResponse.getDefaultInstance()))
              .setSchemaDescriptor(new LiengServiceMethodDescriptorSupplier("ValidatePlay"))
              .build();
        }
      }
    }
    return getValidatePlayMethod;
  }

  private static volatile io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceLegalMovesRequest,
      io.cardrules.v1.LiengServiceLegalMovesResponse> getLegalMovesMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "LegalMoves",
      requestType = io.cardrules.v1.LiengServiceLegalMovesRequest.class,
      responseType = io.cardrules.v1.LiengServiceLegalMovesResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceLegalMovesRequest,
      io.cardrules.v1.LiengServiceLegalMovesResponse> getLegalMovesMethod() {
    io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceLegalMovesRequest, io.cardrules.v1.LiengServiceLegalMovesResponse> getLegalMovesMethod;
    if ((getLegalMovesMethod = LiengServiceGrpc.getLegalMovesMethod) == null) {
      synchronized (LiengServiceGrpc.class) {
        if ((getLegalMovesMethod = LiengServiceGrpc.getLegalMovesMethod) == null) {
          LiengServiceGrpc.getLegalMovesMethod = getLegalMovesMethod =
              io.grpc.MethodDescriptor.<io.cardrules.v1.LiengServiceLegalMovesRequest, io.cardrules.v1.LiengServiceLegalMovesResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "LegalMoves"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.LiengServiceLegalMovesRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.LiengServiceLegalMovesResponse.getDefaultInstance()))
              .setSchemaDescriptor(new LiengServiceMethodDescriptorSupplier("LegalMoves"))
              .build();
        }
      }
    }
    return getLegalMovesMethod;
  }

  private static volatile io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceSettleRoundRequest,
      io.cardrules.v1.LiengServiceSettleRoundResponse> getSettleRoundMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "SettleRound",
      requestType = io.cardrules.v1.LiengServiceSettleRoundRequest.class,
      responseType = io.cardrules.v1.LiengServiceSettleRoundResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceSettleRoundRequest,
      io.cardrules.v1.LiengServiceSettleRoundResponse> getSettleRoundMethod() {
    io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceSettleRoundRequest, io.cardrules.v1.LiengServiceSettleRoundResponse> getSettleRoundMethod;
    if ((getSettleRoundMethod = LiengServiceGrpc.getSettleRoundMethod) == null) {
      synchronized (LiengServiceGrpc.class) {
        if ((getSettleRoundMethod = LiengServiceGrpc.getSettleRoundMethod) == null) {
          LiengServiceGrpc.getSettleRoundMethod = getSettleRoundMethod =
              io.grpc.MethodDescriptor.<io.cardrules.v1.LiengServiceSettleRoundRequest, io.cardrules.v1.LiengServiceSettleRoundResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "SettleRound"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.LiengServiceSettleRoundRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.LiengServiceSettleRoundResponse.getDefaultInstance()))
              .setSchemaDescriptor(new LiengServiceMethodDescriptorSupplier("SettleRound"))
              .build();
        }
      }
    }
    return getSettleRoundMethod;
  }

  private static volatile io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceReplayRoundRequest,
      io.cardrules.v1.LiengServiceReplayRoundResponse> getReplayRoundMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "ReplayRound",
      requestType = io.cardrules.v1.LiengServiceReplayRoundRequest.class,
      responseType = io.cardrules.v1.LiengServiceReplayRoundResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceReplayRoundRequest,
      io.cardrules.v1.LiengServiceReplayRoundResponse> getReplayRoundMethod() {
    io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceReplayRoundRequest, io.cardrules.v1.LiengServiceReplayRoundResponse> getReplayRoundMethod;
    if ((getReplayRoundMethod = LiengServiceGrpc.getReplayRoundMethod) == null) {
      synchronized (LiengServiceGrpc.class) {
        if ((getReplayRoundMethod = LiengServiceGrpc.getReplayRoundMethod) == null) {
          LiengServiceGrpc.getReplayRoundMethod = getReplayRoundMethod =
              io.grpc.MethodDescriptor.<io.cardrules.v1.LiengServiceReplayRoundRequest, io.cardrules.v1.LiengServiceReplayRoundResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "ReplayRound"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.LiengServiceReplayRoundRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.LiengServiceReplayRoundResponse.getDefaultInstance()))
              .setSchemaDescriptor(new LiengServiceMethodDescriptorSupplier("ReplayRound"))
              .build();
        }
      }
    }
    return getReplayRoundMethod;
  }

  private static volatile io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceSuggestRequest,
      io.cardrules.v1.LiengServiceSuggestResponse> getSuggestMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "Suggest",
      requestType = io.cardrules.v1.LiengServiceSuggestRequest.class,
      responseType = io.cardrules.v1.LiengServiceSuggestResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.UNARY)
  public static io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceSuggestRequest,
      io.cardrules.v1.LiengServiceSuggestResponse> getSuggestMethod() {
    io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceSuggestRequest, io.cardrules.v1.LiengServiceSuggestResponse> getSuggestMethod;
    if ((getSuggestMethod = LiengServiceGrpc.getSuggestMethod) == null) {
      synchronized (LiengServiceGrpc.class) {
        if ((getSuggestMethod = LiengServiceGrpc.getSuggestMethod) == null) {
          LiengServiceGrpc.getSuggestMethod = getSuggestMethod =
              io.grpc.MethodDescriptor.<io.cardrules.v1.LiengServiceSuggestRequest, io.cardrules.v1.LiengServiceSuggestResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.UNARY)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "Suggest"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.LiengServiceSuggestRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.LiengServiceSuggestResponse.getDefaultInstance()))
              .setSchemaDescriptor(new LiengServiceMethodDescriptorSupplier("Suggest"))
              .build();
        }
      }
    }
    return getSuggestMethod;
  }

  private static volatile io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceStreamRequest,
      io.cardrules.v1.LiengServiceStreamResponse> getStreamMethod;

  @io.grpc.stub.annotations.RpcMethod(
      fullMethodName = SERVICE_NAME + '/' + "Stream",
      requestType = io.cardrules.v1.LiengServiceStreamRequest.class,
      responseType = io.cardrules.v1.LiengServiceStreamResponse.class,
      methodType = io.grpc.MethodDescriptor.MethodType.BIDI_STREAMING)
  public static io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceStreamRequest,
      io.cardrules.v1.LiengServiceStreamResponse> getStreamMethod() {
    io.grpc.MethodDescriptor<io.cardrules.v1.LiengServiceStreamRequest, io.cardrules.v1.LiengServiceStreamResponse> getStreamMethod;
    if ((getStreamMethod = LiengServiceGrpc.getStreamMethod) == null) {
      synchronized (LiengServiceGrpc.class) {
        if ((getStreamMethod = LiengServiceGrpc.getStreamMethod) == null) {
          LiengServiceGrpc.getStreamMethod = getStreamMethod =
              io.grpc.MethodDescriptor.<io.cardrules.v1.LiengServiceStreamRequest, io.cardrules.v1.LiengServiceStreamResponse>newBuilder()
              .setType(io.grpc.MethodDescriptor.MethodType.BIDI_STREAMING)
              .setFullMethodName(generateFullMethodName(SERVICE_NAME, "Stream"))
              .setSampledToLocalTracing(true)
              .setRequestMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.LiengServiceStreamRequest.getDefaultInstance()))
              .setResponseMarshaller(io.grpc.protobuf.ProtoUtils.marshaller(
                  io.cardrules.v1.LiengServiceStreamResponse.getDefaultInstance()))
              .setSchemaDescriptor(new LiengServiceMethodDescriptorSupplier("Stream"))
              .build();
        }
      }
    }
    return getStreamMethod;
  }

  /**
   * Creates a new async stub that supports all call types for the service
   */
  public static LiengServiceStub newStub(io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<LiengServiceStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<LiengServiceStub>() {
        @java.lang.Override
        public LiengServiceStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new LiengServiceStub(channel, callOptions);
        }
      };
    return LiengServiceStub.newStub(factory, channel);
  }

  /**
   * Creates a new blocking-style stub that supports all types of calls on the service
   */
  public static LiengServiceBlockingV2Stub newBlockingV2Stub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<LiengServiceBlockingV2Stub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<LiengServiceBlockingV2Stub>() {
        @java.lang.Override
        public LiengServiceBlockingV2Stub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new LiengServiceBlockingV2Stub(channel, callOptions);
        }
      };
    return LiengServiceBlockingV2Stub.newStub(factory, channel);
  }

  /**
   * Creates a new blocking-style stub that supports unary and streaming output calls on the service
   */
  public static LiengServiceBlockingStub newBlockingStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<LiengServiceBlockingStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<LiengServiceBlockingStub>() {
        @java.lang.Override
        public LiengServiceBlockingStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new LiengServiceBlockingStub(channel, callOptions);
        }
      };
    return LiengServiceBlockingStub.newStub(factory, channel);
  }

  /**
   * Creates a new ListenableFuture-style stub that supports unary calls on the service
   */
  public static LiengServiceFutureStub newFutureStub(
      io.grpc.Channel channel) {
    io.grpc.stub.AbstractStub.StubFactory<LiengServiceFutureStub> factory =
      new io.grpc.stub.AbstractStub.StubFactory<LiengServiceFutureStub>() {
        @java.lang.Override
        public LiengServiceFutureStub newStub(io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
          return new LiengServiceFutureStub(channel, callOptions);
        }
      };
    return LiengServiceFutureStub.newStub(factory, channel);
  }

  /**
   * <pre>
   * The rules of Liêng: what a hand scores, which hand wins, is a betting action legal, who gets the pots.
   * Seats are indices in play order. Every request may carry house rules; unset fields mean the defaults.
   * </pre>
   */
  public interface AsyncService {

    /**
     * <pre>
     * Deal the hands from a seeded shuffle that anyone can verify (docs/fair-deal.md): the same inputs give the
     * same deal on every server and in every SDK's local deal_from. The hands then go to the round record of
     * SettleRound (betting with StartBetting needs no cards).
     * </pre>
     */
    default void deal(io.cardrules.v1.LiengServiceDealRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceDealResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getDealMethod(), responseObserver);
    }

    /**
     * <pre>
     * Score one or many 3-card hands.
     * </pre>
     */
    default void scoreLieng(io.cardrules.v1.ScoreLiengRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.ScoreLiengResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getScoreLiengMethod(), responseObserver);
    }

    /**
     * <pre>
     * Rank 2 to 17 hands, ties explicit.
     * </pre>
     */
    default void compareHands(io.cardrules.v1.CompareHandsRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.CompareHandsResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getCompareHandsMethod(), responseObserver);
    }

    /**
     * <pre>
     * Collect the ante (tiền gà) and return the first betting state.
     * </pre>
     */
    default void startBetting(io.cardrules.v1.StartBettingRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.StartBettingResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getStartBettingMethod(), responseObserver);
    }

    /**
     * <pre>
     * Is this betting action legal for the seat to act? When legal, the next betting state.
     * </pre>
     */
    default void validatePlay(io.cardrules.v1.LiengServiceValidatePlayRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceValidatePlayResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getValidatePlayMethod(), responseObserver);
    }

    /**
     * <pre>
     * The legal betting actions for the seat to act, with the call amount and raise bounds.
     * </pre>
     */
    default void legalMoves(io.cardrules.v1.LiengServiceLegalMovesRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceLegalMovesResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getLegalMovesMethod(), responseObserver);
    }

    /**
     * <pre>
     * Replay a round record and return every pot, transfer, net and the fee.
     * </pre>
     */
    default void settleRound(io.cardrules.v1.LiengServiceSettleRoundRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceSettleRoundResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getSettleRoundMethod(), responseObserver);
    }

    /**
     * <pre>
     * Replay a round record step by step for one viewer (docs/hand-history.md): the betting state after the ante,
     * each action with what a TIMEOUT resolved to, the events it caused and the state after it, then the settlement.
     * A record with an action that cannot be replayed is a normal answer: the steps before it and where and why it
     * stopped. Any other fault of the record fails with INVALID_ARGUMENT exactly as SettleRound does (a malformed
     * record, a showdown seat without its hand, pots beyond int64).
     * </pre>
     */
    default void replayRound(io.cardrules.v1.LiengServiceReplayRoundRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceReplayRoundResponse> responseObserver) {
      io.grpc.stub.ServerCalls.asyncUnimplementedUnaryCall(getReplayRoundMethod(), responseObserver);
    }

    /**
     * <pre>
     * What should the seat to act do now? A bot's answer at the level asked (docs/bots.md): fold, check, call, raise
     * (with its total) or all-in for the seat whose turn it is. It uses only what that seat may see (its own 3 cards,
     * the betting state, the public history), and the same request and seed give the same answer on every server.
     * Closed betting has nothing to suggest: INVALID_ARGUMENT, as is any malformed field.
     * </pre>
     */
    default void suggest(io.cardrules.v1.LiengServiceSuggestRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceSuggestResponse> responseObserver) {
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
    default io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceStreamRequest> stream(
        io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceStreamResponse> responseObserver) {
      return io.grpc.stub.ServerCalls.asyncUnimplementedStreamingCall(getStreamMethod(), responseObserver);
    }
  }

  /**
   * Base class for the server implementation of the service LiengService.
   * <pre>
   * The rules of Liêng: what a hand scores, which hand wins, is a betting action legal, who gets the pots.
   * Seats are indices in play order. Every request may carry house rules; unset fields mean the defaults.
   * </pre>
   */
  public static abstract class LiengServiceImplBase
      implements io.grpc.BindableService, AsyncService {

    @java.lang.Override public final io.grpc.ServerServiceDefinition bindService() {
      return LiengServiceGrpc.bindService(this);
    }
  }

  /**
   * A stub to allow clients to do asynchronous rpc calls to service LiengService.
   * <pre>
   * The rules of Liêng: what a hand scores, which hand wins, is a betting action legal, who gets the pots.
   * Seats are indices in play order. Every request may carry house rules; unset fields mean the defaults.
   * </pre>
   */
  public static final class LiengServiceStub
      extends io.grpc.stub.AbstractAsyncStub<LiengServiceStub> {
    private LiengServiceStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected LiengServiceStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new LiengServiceStub(channel, callOptions);
    }

    /**
     * <pre>
     * Deal the hands from a seeded shuffle that anyone can verify (docs/fair-deal.md): the same inputs give the
     * same deal on every server and in every SDK's local deal_from. The hands then go to the round record of
     * SettleRound (betting with StartBetting needs no cards).
     * </pre>
     */
    public void deal(io.cardrules.v1.LiengServiceDealRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceDealResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getDealMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Score one or many 3-card hands.
     * </pre>
     */
    public void scoreLieng(io.cardrules.v1.ScoreLiengRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.ScoreLiengResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getScoreLiengMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Rank 2 to 17 hands, ties explicit.
     * </pre>
     */
    public void compareHands(io.cardrules.v1.CompareHandsRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.CompareHandsResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getCompareHandsMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Collect the ante (tiền gà) and return the first betting state.
     * </pre>
     */
    public void startBetting(io.cardrules.v1.StartBettingRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.StartBettingResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getStartBettingMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Is this betting action legal for the seat to act? When legal, the next betting state.
     * </pre>
     */
    public void validatePlay(io.cardrules.v1.LiengServiceValidatePlayRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceValidatePlayResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getValidatePlayMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * The legal betting actions for the seat to act, with the call amount and raise bounds.
     * </pre>
     */
    public void legalMoves(io.cardrules.v1.LiengServiceLegalMovesRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceLegalMovesResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getLegalMovesMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Replay a round record and return every pot, transfer, net and the fee.
     * </pre>
     */
    public void settleRound(io.cardrules.v1.LiengServiceSettleRoundRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceSettleRoundResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getSettleRoundMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * Replay a round record step by step for one viewer (docs/hand-history.md): the betting state after the ante,
     * each action with what a TIMEOUT resolved to, the events it caused and the state after it, then the settlement.
     * A record with an action that cannot be replayed is a normal answer: the steps before it and where and why it
     * stopped. Any other fault of the record fails with INVALID_ARGUMENT exactly as SettleRound does (a malformed
     * record, a showdown seat without its hand, pots beyond int64).
     * </pre>
     */
    public void replayRound(io.cardrules.v1.LiengServiceReplayRoundRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceReplayRoundResponse> responseObserver) {
      io.grpc.stub.ClientCalls.asyncUnaryCall(
          getChannel().newCall(getReplayRoundMethod(), getCallOptions()), request, responseObserver);
    }

    /**
     * <pre>
     * What should the seat to act do now? A bot's answer at the level asked (docs/bots.md): fold, check, call, raise
     * (with its total) or all-in for the seat whose turn it is. It uses only what that seat may see (its own 3 cards,
     * the betting state, the public history), and the same request and seed give the same answer on every server.
     * Closed betting has nothing to suggest: INVALID_ARGUMENT, as is any malformed field.
     * </pre>
     */
    public void suggest(io.cardrules.v1.LiengServiceSuggestRequest request,
        io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceSuggestResponse> responseObserver) {
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
    public io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceStreamRequest> stream(
        io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceStreamResponse> responseObserver) {
      return io.grpc.stub.ClientCalls.asyncBidiStreamingCall(
          getChannel().newCall(getStreamMethod(), getCallOptions()), responseObserver);
    }
  }

  /**
   * A stub to allow clients to do synchronous rpc calls to service LiengService.
   * <pre>
   * The rules of Liêng: what a hand scores, which hand wins, is a betting action legal, who gets the pots.
   * Seats are indices in play order. Every request may carry house rules; unset fields mean the defaults.
   * </pre>
   */
  public static final class LiengServiceBlockingV2Stub
      extends io.grpc.stub.AbstractBlockingStub<LiengServiceBlockingV2Stub> {
    private LiengServiceBlockingV2Stub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected LiengServiceBlockingV2Stub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new LiengServiceBlockingV2Stub(channel, callOptions);
    }

    /**
     * <pre>
     * Deal the hands from a seeded shuffle that anyone can verify (docs/fair-deal.md): the same inputs give the
     * same deal on every server and in every SDK's local deal_from. The hands then go to the round record of
     * SettleRound (betting with StartBetting needs no cards).
     * </pre>
     */
    public io.cardrules.v1.LiengServiceDealResponse deal(io.cardrules.v1.LiengServiceDealRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getDealMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Score one or many 3-card hands.
     * </pre>
     */
    public io.cardrules.v1.ScoreLiengResponse scoreLieng(io.cardrules.v1.ScoreLiengRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getScoreLiengMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Rank 2 to 17 hands, ties explicit.
     * </pre>
     */
    public io.cardrules.v1.CompareHandsResponse compareHands(io.cardrules.v1.CompareHandsRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getCompareHandsMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Collect the ante (tiền gà) and return the first betting state.
     * </pre>
     */
    public io.cardrules.v1.StartBettingResponse startBetting(io.cardrules.v1.StartBettingRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getStartBettingMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Is this betting action legal for the seat to act? When legal, the next betting state.
     * </pre>
     */
    public io.cardrules.v1.LiengServiceValidatePlayResponse validatePlay(io.cardrules.v1.LiengServiceValidatePlayRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getValidatePlayMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The legal betting actions for the seat to act, with the call amount and raise bounds.
     * </pre>
     */
    public io.cardrules.v1.LiengServiceLegalMovesResponse legalMoves(io.cardrules.v1.LiengServiceLegalMovesRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getLegalMovesMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Replay a round record and return every pot, transfer, net and the fee.
     * </pre>
     */
    public io.cardrules.v1.LiengServiceSettleRoundResponse settleRound(io.cardrules.v1.LiengServiceSettleRoundRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getSettleRoundMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Replay a round record step by step for one viewer (docs/hand-history.md): the betting state after the ante,
     * each action with what a TIMEOUT resolved to, the events it caused and the state after it, then the settlement.
     * A record with an action that cannot be replayed is a normal answer: the steps before it and where and why it
     * stopped. Any other fault of the record fails with INVALID_ARGUMENT exactly as SettleRound does (a malformed
     * record, a showdown seat without its hand, pots beyond int64).
     * </pre>
     */
    public io.cardrules.v1.LiengServiceReplayRoundResponse replayRound(io.cardrules.v1.LiengServiceReplayRoundRequest request) throws io.grpc.StatusException {
      return io.grpc.stub.ClientCalls.blockingV2UnaryCall(
          getChannel(), getReplayRoundMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * What should the seat to act do now? A bot's answer at the level asked (docs/bots.md): fold, check, call, raise
     * (with its total) or all-in for the seat whose turn it is. It uses only what that seat may see (its own 3 cards,
     * the betting state, the public history), and the same request and seed give the same answer on every server.
     * Closed betting has nothing to suggest: INVALID_ARGUMENT, as is any malformed field.
     * </pre>
     */
    public io.cardrules.v1.LiengServiceSuggestResponse suggest(io.cardrules.v1.LiengServiceSuggestRequest request) throws io.grpc.StatusException {
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
    public io.grpc.stub.BlockingClientCall<io.cardrules.v1.LiengServiceStreamRequest, io.cardrules.v1.LiengServiceStreamResponse>
        stream() {
      return io.grpc.stub.ClientCalls.blockingBidiStreamingCall(
          getChannel(), getStreamMethod(), getCallOptions());
    }
  }

  /**
   * A stub to allow clients to do limited synchronous rpc calls to service LiengService.
   * <pre>
   * The rules of Liêng: what a hand scores, which hand wins, is a betting action legal, who gets the pots.
   * Seats are indices in play order. Every request may carry house rules; unset fields mean the defaults.
   * </pre>
   */
  public static final class LiengServiceBlockingStub
      extends io.grpc.stub.AbstractBlockingStub<LiengServiceBlockingStub> {
    private LiengServiceBlockingStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected LiengServiceBlockingStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new LiengServiceBlockingStub(channel, callOptions);
    }

    /**
     * <pre>
     * Deal the hands from a seeded shuffle that anyone can verify (docs/fair-deal.md): the same inputs give the
     * same deal on every server and in every SDK's local deal_from. The hands then go to the round record of
     * SettleRound (betting with StartBetting needs no cards).
     * </pre>
     */
    public io.cardrules.v1.LiengServiceDealResponse deal(io.cardrules.v1.LiengServiceDealRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getDealMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Score one or many 3-card hands.
     * </pre>
     */
    public io.cardrules.v1.ScoreLiengResponse scoreLieng(io.cardrules.v1.ScoreLiengRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getScoreLiengMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Rank 2 to 17 hands, ties explicit.
     * </pre>
     */
    public io.cardrules.v1.CompareHandsResponse compareHands(io.cardrules.v1.CompareHandsRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getCompareHandsMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Collect the ante (tiền gà) and return the first betting state.
     * </pre>
     */
    public io.cardrules.v1.StartBettingResponse startBetting(io.cardrules.v1.StartBettingRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getStartBettingMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Is this betting action legal for the seat to act? When legal, the next betting state.
     * </pre>
     */
    public io.cardrules.v1.LiengServiceValidatePlayResponse validatePlay(io.cardrules.v1.LiengServiceValidatePlayRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getValidatePlayMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * The legal betting actions for the seat to act, with the call amount and raise bounds.
     * </pre>
     */
    public io.cardrules.v1.LiengServiceLegalMovesResponse legalMoves(io.cardrules.v1.LiengServiceLegalMovesRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getLegalMovesMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Replay a round record and return every pot, transfer, net and the fee.
     * </pre>
     */
    public io.cardrules.v1.LiengServiceSettleRoundResponse settleRound(io.cardrules.v1.LiengServiceSettleRoundRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getSettleRoundMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * Replay a round record step by step for one viewer (docs/hand-history.md): the betting state after the ante,
     * each action with what a TIMEOUT resolved to, the events it caused and the state after it, then the settlement.
     * A record with an action that cannot be replayed is a normal answer: the steps before it and where and why it
     * stopped. Any other fault of the record fails with INVALID_ARGUMENT exactly as SettleRound does (a malformed
     * record, a showdown seat without its hand, pots beyond int64).
     * </pre>
     */
    public io.cardrules.v1.LiengServiceReplayRoundResponse replayRound(io.cardrules.v1.LiengServiceReplayRoundRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getReplayRoundMethod(), getCallOptions(), request);
    }

    /**
     * <pre>
     * What should the seat to act do now? A bot's answer at the level asked (docs/bots.md): fold, check, call, raise
     * (with its total) or all-in for the seat whose turn it is. It uses only what that seat may see (its own 3 cards,
     * the betting state, the public history), and the same request and seed give the same answer on every server.
     * Closed betting has nothing to suggest: INVALID_ARGUMENT, as is any malformed field.
     * </pre>
     */
    public io.cardrules.v1.LiengServiceSuggestResponse suggest(io.cardrules.v1.LiengServiceSuggestRequest request) {
      return io.grpc.stub.ClientCalls.blockingUnaryCall(
          getChannel(), getSuggestMethod(), getCallOptions(), request);
    }
  }

  /**
   * A stub to allow clients to do ListenableFuture-style rpc calls to service LiengService.
   * <pre>
   * The rules of Liêng: what a hand scores, which hand wins, is a betting action legal, who gets the pots.
   * Seats are indices in play order. Every request may carry house rules; unset fields mean the defaults.
   * </pre>
   */
  public static final class LiengServiceFutureStub
      extends io.grpc.stub.AbstractFutureStub<LiengServiceFutureStub> {
    private LiengServiceFutureStub(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      super(channel, callOptions);
    }

    @java.lang.Override
    protected LiengServiceFutureStub build(
        io.grpc.Channel channel, io.grpc.CallOptions callOptions) {
      return new LiengServiceFutureStub(channel, callOptions);
    }

    /**
     * <pre>
     * Deal the hands from a seeded shuffle that anyone can verify (docs/fair-deal.md): the same inputs give the
     * same deal on every server and in every SDK's local deal_from. The hands then go to the round record of
     * SettleRound (betting with StartBetting needs no cards).
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<io.cardrules.v1.LiengServiceDealResponse> deal(
        io.cardrules.v1.LiengServiceDealRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getDealMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Score one or many 3-card hands.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<io.cardrules.v1.ScoreLiengResponse> scoreLieng(
        io.cardrules.v1.ScoreLiengRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getScoreLiengMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Rank 2 to 17 hands, ties explicit.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<io.cardrules.v1.CompareHandsResponse> compareHands(
        io.cardrules.v1.CompareHandsRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getCompareHandsMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Collect the ante (tiền gà) and return the first betting state.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<io.cardrules.v1.StartBettingResponse> startBetting(
        io.cardrules.v1.StartBettingRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getStartBettingMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Is this betting action legal for the seat to act? When legal, the next betting state.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<io.cardrules.v1.LiengServiceValidatePlayResponse> validatePlay(
        io.cardrules.v1.LiengServiceValidatePlayRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getValidatePlayMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * The legal betting actions for the seat to act, with the call amount and raise bounds.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<io.cardrules.v1.LiengServiceLegalMovesResponse> legalMoves(
        io.cardrules.v1.LiengServiceLegalMovesRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getLegalMovesMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Replay a round record and return every pot, transfer, net and the fee.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<io.cardrules.v1.LiengServiceSettleRoundResponse> settleRound(
        io.cardrules.v1.LiengServiceSettleRoundRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getSettleRoundMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * Replay a round record step by step for one viewer (docs/hand-history.md): the betting state after the ante,
     * each action with what a TIMEOUT resolved to, the events it caused and the state after it, then the settlement.
     * A record with an action that cannot be replayed is a normal answer: the steps before it and where and why it
     * stopped. Any other fault of the record fails with INVALID_ARGUMENT exactly as SettleRound does (a malformed
     * record, a showdown seat without its hand, pots beyond int64).
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<io.cardrules.v1.LiengServiceReplayRoundResponse> replayRound(
        io.cardrules.v1.LiengServiceReplayRoundRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getReplayRoundMethod(), getCallOptions()), request);
    }

    /**
     * <pre>
     * What should the seat to act do now? A bot's answer at the level asked (docs/bots.md): fold, check, call, raise
     * (with its total) or all-in for the seat whose turn it is. It uses only what that seat may see (its own 3 cards,
     * the betting state, the public history), and the same request and seed give the same answer on every server.
     * Closed betting has nothing to suggest: INVALID_ARGUMENT, as is any malformed field.
     * </pre>
     */
    public com.google.common.util.concurrent.ListenableFuture<io.cardrules.v1.LiengServiceSuggestResponse> suggest(
        io.cardrules.v1.LiengServiceSuggestRequest request) {
      return io.grpc.stub.ClientCalls.futureUnaryCall(
          getChannel().newCall(getSuggestMethod(), getCallOptions()), request);
    }
  }

  private static final int METHODID_DEAL = 0;
  private static final int METHODID_SCORE_LIENG = 1;
  private static final int METHODID_COMPARE_HANDS = 2;
  private static final int METHODID_START_BETTING = 3;
  private static final int METHODID_VALIDATE_PLAY = 4;
  private static final int METHODID_LEGAL_MOVES = 5;
  private static final int METHODID_SETTLE_ROUND = 6;
  private static final int METHODID_REPLAY_ROUND = 7;
  private static final int METHODID_SUGGEST = 8;
  private static final int METHODID_STREAM = 9;

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
          serviceImpl.deal((io.cardrules.v1.LiengServiceDealRequest) request,
              (io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceDealResponse>) responseObserver);
          break;
        case METHODID_SCORE_LIENG:
          serviceImpl.scoreLieng((io.cardrules.v1.ScoreLiengRequest) request,
              (io.grpc.stub.StreamObserver<io.cardrules.v1.ScoreLiengResponse>) responseObserver);
          break;
        case METHODID_COMPARE_HANDS:
          serviceImpl.compareHands((io.cardrules.v1.CompareHandsRequest) request,
              (io.grpc.stub.StreamObserver<io.cardrules.v1.CompareHandsResponse>) responseObserver);
          break;
        case METHODID_START_BETTING:
          serviceImpl.startBetting((io.cardrules.v1.StartBettingRequest) request,
              (io.grpc.stub.StreamObserver<io.cardrules.v1.StartBettingResponse>) responseObserver);
          break;
        case METHODID_VALIDATE_PLAY:
          serviceImpl.validatePlay((io.cardrules.v1.LiengServiceValidatePlayRequest) request,
              (io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceValidatePlayResponse>) responseObserver);
          break;
        case METHODID_LEGAL_MOVES:
          serviceImpl.legalMoves((io.cardrules.v1.LiengServiceLegalMovesRequest) request,
              (io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceLegalMovesResponse>) responseObserver);
          break;
        case METHODID_SETTLE_ROUND:
          serviceImpl.settleRound((io.cardrules.v1.LiengServiceSettleRoundRequest) request,
              (io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceSettleRoundResponse>) responseObserver);
          break;
        case METHODID_REPLAY_ROUND:
          serviceImpl.replayRound((io.cardrules.v1.LiengServiceReplayRoundRequest) request,
              (io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceReplayRoundResponse>) responseObserver);
          break;
        case METHODID_SUGGEST:
          serviceImpl.suggest((io.cardrules.v1.LiengServiceSuggestRequest) request,
              (io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceSuggestResponse>) responseObserver);
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
              (io.grpc.stub.StreamObserver<io.cardrules.v1.LiengServiceStreamResponse>) responseObserver);
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
              io.cardrules.v1.LiengServiceDealRequest,
              io.cardrules.v1.LiengServiceDealResponse>(
                service, METHODID_DEAL)))
        .addMethod(
          getScoreLiengMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              io.cardrules.v1.ScoreLiengRequest,
              io.cardrules.v1.ScoreLiengResponse>(
                service, METHODID_SCORE_LIENG)))
        .addMethod(
          getCompareHandsMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              io.cardrules.v1.CompareHandsRequest,
              io.cardrules.v1.CompareHandsResponse>(
                service, METHODID_COMPARE_HANDS)))
        .addMethod(
          getStartBettingMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              io.cardrules.v1.StartBettingRequest,
              io.cardrules.v1.StartBettingResponse>(
                service, METHODID_START_BETTING)))
        .addMethod(
          getValidatePlayMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              io.cardrules.v1.LiengServiceValidatePlayRequest,
              io.cardrules.v1.LiengServiceValidatePlayResponse>(
                service, METHODID_VALIDATE_PLAY)))
        .addMethod(
          getLegalMovesMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              io.cardrules.v1.LiengServiceLegalMovesRequest,
              io.cardrules.v1.LiengServiceLegalMovesResponse>(
                service, METHODID_LEGAL_MOVES)))
        .addMethod(
          getSettleRoundMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              io.cardrules.v1.LiengServiceSettleRoundRequest,
              io.cardrules.v1.LiengServiceSettleRoundResponse>(
                service, METHODID_SETTLE_ROUND)))
        .addMethod(
          getReplayRoundMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              io.cardrules.v1.LiengServiceReplayRoundRequest,
              io.cardrules.v1.LiengServiceReplayRoundResponse>(
                service, METHODID_REPLAY_ROUND)))
        .addMethod(
          getSuggestMethod(),
          io.grpc.stub.ServerCalls.asyncUnaryCall(
            new MethodHandlers<
              io.cardrules.v1.LiengServiceSuggestRequest,
              io.cardrules.v1.LiengServiceSuggestResponse>(
                service, METHODID_SUGGEST)))
        .addMethod(
          getStreamMethod(),
          io.grpc.stub.ServerCalls.asyncBidiStreamingCall(
            new MethodHandlers<
              io.cardrules.v1.LiengServiceStreamRequest,
              io.cardrules.v1.LiengServiceStreamResponse>(
                service, METHODID_STREAM)))
        .build();
  }

  private static abstract class LiengServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoFileDescriptorSupplier, io.grpc.protobuf.ProtoServiceDescriptorSupplier {
    LiengServiceBaseDescriptorSupplier() {}

    @java.lang.Override
    public com.google.protobuf.Descriptors.FileDescriptor getFileDescriptor() {
      return io.cardrules.v1.Lieng.getDescriptor();
    }

    @java.lang.Override
    public com.google.protobuf.Descriptors.ServiceDescriptor getServiceDescriptor() {
      return getFileDescriptor().findServiceByName("LiengService");
    }
  }

  private static final class LiengServiceFileDescriptorSupplier
      extends LiengServiceBaseDescriptorSupplier {
    LiengServiceFileDescriptorSupplier() {}
  }

  private static final class LiengServiceMethodDescriptorSupplier
      extends LiengServiceBaseDescriptorSupplier
      implements io.grpc.protobuf.ProtoMethodDescriptorSupplier {
    private final java.lang.String methodName;

    LiengServiceMethodDescriptorSupplier(java.lang.String methodName) {
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
      synchronized (LiengServiceGrpc.class) {
        result = serviceDescriptor;
        if (result == null) {
          serviceDescriptor = result = io.grpc.ServiceDescriptor.newBuilder(SERVICE_NAME)
              .setSchemaDescriptor(new LiengServiceFileDescriptorSupplier())
              .addMethod(getDealMethod())
              .addMethod(getScoreLiengMethod())
              .addMethod(getCompareHandsMethod())
              .addMethod(getStartBettingMethod())
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
