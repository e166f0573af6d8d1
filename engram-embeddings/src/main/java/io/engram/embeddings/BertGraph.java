package io.engram.embeddings;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A BERT model's graph in an ONNX Runtime session: opened with the options a small model wants, checked to take
 * ids and a mask and give one vector a token, and run over one text's ids at a time, every call counted by the
 * process's {@link OnnxRuntimeUse} so that an exiting process waits for it. Thread-safe (one session serves many).
 */
final class BertGraph {
  private final BertModel model;
  private final OrtEnvironment environment;
  private final OrtSession session;
  private final OnnxRuntimeUse use;
  private final boolean wantsTokenTypes;

  /** What one run of the model over a text makes: its ids, attention mask and last hidden states. */
  interface Reading<T> {
    T read(long[] ids, long[] mask, FloatBuffer states);
  }

  private BertGraph(BertModel model, OrtEnvironment environment, OrtSession session, OnnxRuntimeUse use)
      throws OrtException {
    this.model = model;
    this.environment = environment;
    this.session = session;
    this.use = use;
    this.wantsTokenTypes = session.getInputNames().contains("token_type_ids");
    checkShapes();
  }

  /**
   * The graph of {@code model} ({@code graph}, its ONNX bytes) in a new session of {@code environment}, closed when
   * the process ends.
   *
   * @throws IllegalStateException when ONNX Runtime cannot load it, or its inputs or output do not fit
   */
  static BertGraph open(BertModel model, byte[] graph, OrtEnvironment environment, OnnxRuntimeUse use) {
    try (OrtSession.SessionOptions options = sessionOptions()) {
      return use.call(() -> {
        OrtSession session = environment.createSession(graph, options);
        try {
          BertGraph opened = new BertGraph(model, environment, session, use);
          use.closeAtEnd(session);
          return opened;
        } catch (OrtException | RuntimeException e) {
          session.close();
          throw e;
        }
      });
    } catch (OrtException e) {
      throw new IllegalStateException("ONNX Runtime cannot load " + model.onnxResource() + ": " + e.getMessage(), e);
    }
  }

  // ONNX Runtime's threads spin while they wait for work by default: on a loaded machine the spinning takes the
  // cores from the work itself (a query's embedding measured 16 ms and 8 ms of CPU with it, 3.5 ms without).
  // One thread per run: a query of a few tokens gains nothing from a second thread but a hand-over, which on busy
  // cores waits for a slot; texts embedded together still run side by side (embedAll).
  private static OrtSession.SessionOptions sessionOptions() throws OrtException {
    OrtSession.SessionOptions options = new OrtSession.SessionOptions();
    options.setIntraOpNumThreads(1);
    options.addConfigEntry("session.intra_op.allow_spinning", "0");
    options.addConfigEntry("session.inter_op.allow_spinning", "0");
    return options;
  }

  /** What {@code reading} makes of one run over {@code ids}, every token attended to. */
  <T> T read(long[] ids, Reading<T> reading) {
    long[] mask = new long[ids.length];
    Arrays.fill(mask, 1);
    long[] shape = {1, ids.length};
    try {
      return use.call(() -> run(ids, mask, shape, reading));
    } catch (OrtException e) {
      throw new IllegalStateException("embedding with " + model.name() + " failed: " + e.getMessage(), e);
    }
  }

  private <T> T run(long[] ids, long[] mask, long[] shape, Reading<T> reading) throws OrtException {
    try (OnnxTensor idTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(ids), shape);
        OnnxTensor maskTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(mask), shape);
        OnnxTensor typeTensor = OnnxTensor.createTensor(environment, LongBuffer.wrap(new long[ids.length]), shape)) {
      Map<String, OnnxTensor> inputs = new HashMap<>();
      inputs.put("input_ids", idTensor);
      inputs.put("attention_mask", maskTensor);
      if (wantsTokenTypes) {
        inputs.put("token_type_ids", typeTensor);
      }
      try (OrtSession.Result result = session.run(inputs)) {
        return reading.read(ids, mask, ((OnnxTensor) result.get(0)).getFloatBuffer());
      }
    }
  }

  /** Refuses a graph whose inputs or output do not fit, at load rather than at the first text. */
  private void checkShapes() throws OrtException {
    for (String input : List.of("input_ids", "attention_mask")) {
      if (!session.getInputNames().contains(input)) {
        throw new IllegalStateException(model.onnxResource() + " has no input " + input + "; its inputs are "
            + session.getInputNames());
      }
    }
    NodeInfo output = session.getOutputInfo().values().iterator().next();
    long[] shape = output.getInfo() instanceof TensorInfo t ? t.getShape() : new long[0];
    if (shape.length != 3 || (shape[2] != model.dimension() && shape[2] != -1)) {
      throw new IllegalStateException(model.onnxResource() + "'s first output " + output.getName()
          + " is not [batch, tokens, " + model.dimension() + "] but " + Arrays.toString(shape));
    }
  }
}
