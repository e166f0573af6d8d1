package io.engram.model;

import io.engram.redact.SecretRedactor;
import java.util.List;

/**
 * Wraps the configured model for one routed job: removes secrets from every request (whatever engine built
 * it, nothing secret leaves the process), refuses background calls once a cap is reached, and books every
 * answer's usage in the ledger and in the job's running total.
 */
final class MeteredModel implements LanguageModel {
  private final LanguageModel delegate;
  private final CostGovernor governor;
  private final String sessionId;
  private final Purpose purpose;
  private final boolean background;
  private TokenUsage spent = TokenUsage.ZERO;

  MeteredModel(LanguageModel delegate, CostGovernor governor, String sessionId, Purpose purpose, boolean background) {
    this.delegate = delegate;
    this.governor = governor;
    this.sessionId = sessionId;
    this.purpose = purpose;
    this.background = background;
  }

  @Override
  public ModelResponse complete(ModelRequest request) {
    if (background) {
      governor
          .backgroundRefusal(sessionId)
          .ifPresent(
              reason -> {
                throw new ModelException(ModelException.Kind.BUDGET_EXHAUSTED, reason);
              });
    }
    ModelResponse response = delegate.complete(redacted(request));
    synchronized (this) {
      spent = spent.plus(response.usage());
    }
    governor.record(sessionId, purpose, background, response.usage());
    return response;
  }

  /** {@code request} with secrets and private spans removed from its system text and every message. */
  static ModelRequest redacted(ModelRequest request) {
    SecretRedactor redactor = SecretRedactor.standard();
    List<ChatMessage> messages = request.messages().stream()
        .map(m -> new ChatMessage(m.role(), redactor.redact(m.text()).text())).toList();
    return new ModelRequest(redactor.redact(request.system()).text(), messages, request.maxTokens(),
        request.cacheSystem(), request.cacheablePrefix());
  }

  @Override
  public String id() {
    return delegate.id();
  }

  synchronized TokenUsage spent() {
    return spent;
  }
}
