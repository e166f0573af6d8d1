package io.engram.springai;

import io.engram.extract.ExtractionReport;
import io.engram.hosted.HostedMemory;
import io.engram.hosted.RecalledSections;
import io.engram.recall.MemoryRecall;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.ai.chat.client.ChatClientMessageAggregator;
import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.Advisor;
import org.springframework.ai.chat.client.advisor.api.AdvisorChain;
import org.springframework.ai.chat.client.advisor.api.BaseAdvisor;
import org.springframework.ai.chat.client.advisor.api.StreamAdvisorChain;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.PromptTemplate;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * A Spring AI advisor that recalls Engram memories before the call and learns from the exchange after it;
 * see the package comment. Build one with {@link #builder}.
 */
public final class EngramAdvisor implements BaseAdvisor {
  /** The conversation used when the advisor context names none. */
  public static final String DEFAULT_CONVERSATION = "default";

  /**
   * Just after Spring AI's chat memory advisors: the request it sees holds the whole conversation (so a memory
   * the conversation holds is not sent again), and what they keep is the user's own message. And before
   * Spring AI 2's tool-calling advisor (100 after the chat memory advisors), so that the advisor runs once a
   * call, not once a tool call.
   */
  public static final int DEFAULT_ORDER = chatMemoryOrder() + 50;

  /** How recalled memories are added to the user's message: {@code {query}}, then {@code {memories}}. */
  public static final PromptTemplate DEFAULT_PROMPT_TEMPLATE = new PromptTemplate("""
      {query}

      What Engram remembers that may help (memories from earlier conversations; use them if they are relevant):

      {memories}""");

  private static final Log LOG = LogFactory.getLog(EngramAdvisor.class);
  private static final String ASKED = EngramAdvisor.class.getName() + ".asked";

  private final HostedMemory memory;
  private final boolean learn;
  private final int order;
  private final PromptTemplate promptTemplate;
  private final Scheduler scheduler;

  private EngramAdvisor(Builder b) {
    this.memory = b.memory;
    this.learn = b.learn;
    this.order = b.order;
    this.promptTemplate = b.promptTemplate;
    this.scheduler = b.scheduler;
  }

  /** A builder of advisors over {@code memory}. */
  public static Builder builder(HostedMemory memory) {
    return new Builder(memory);
  }

  @Override
  public int getOrder() {
    return order;
  }

  @Override
  public String getName() {
    return "engram";
  }

  @Override
  public Scheduler getScheduler() {
    return scheduler;
  }

  /**
   * Adds the memories recalled for the user's message to it, leaving out those the conversation in the
   * request already holds. When the memory cannot be read, the call goes on without memories and a warning
   * says why.
   */
  @Override
  public ChatClientRequest before(ChatClientRequest request, AdvisorChain chain) {
    List<Message> asked = List.copyOf(request.prompt().getInstructions());
    String question = SpringMessages.text(request.prompt().getUserMessage());
    ChatClientRequest.Builder next = request.mutate().context(ASKED, asked);
    if (question.isBlank()) {
      return next.build();
    }
    try {
      MemoryRecall.Outcome found = memory.recall(question, asked.stream().map(SpringMessages::text).toList());
      if (found.result().memories().isEmpty()) {
        return next.build();
      }
      String memories = RecalledSections.of(found, memory.engram());
      String augmented = promptTemplate.render(Map.of("query", question, "memories", memories));
      return next.prompt(request.prompt().augmentUserMessage(augmented)).build();
    } catch (IOException | UncheckedIOException e) {
      LOG.warn("Engram recalled nothing for this call: its memory could not be read: " + e.getMessage());
      return next.build();
    }
  }

  /**
   * Queues the extraction pass over the exchange (the conversation as asked, without the recalled memories,
   * and the answer), which runs on Engram's background thread; a failure is logged, as the answer stands.
   */
  @Override
  @SuppressWarnings("unchecked")
  public ChatClientResponse after(ChatClientResponse response, AdvisorChain chain) {
    Object asked = response.context().get(ASKED);
    if (!learn || !(asked instanceof List<?>) || response.chatResponse() == null) {
      return response;
    }
    List<Message> exchange = new ArrayList<>((List<Message>) asked);
    for (Generation g : response.chatResponse().getResults()) {
      exchange.add(g.getOutput());
    }
    String conversation = conversation(response.context());
    try {
      CompletableFuture<ExtractionReport> pass = memory.learn(conversation, SpringMessages.toTranscript(exchange));
      pass.whenComplete((report, failure) -> {
        if (failure != null) {
          LOG.warn("Engram could not learn from conversation '" + conversation + "': " + failure.getMessage());
        }
      });
    } catch (IOException | RuntimeException e) {
      LOG.warn("Engram could not queue learning from conversation '" + conversation + "': " + e.getMessage());
    }
    return response;
  }

  /**
   * As {@link #adviseCall}, with the streamed answer aggregated before {@link #after} reads it: the
   * extraction pass learns from the whole answer, not from its last chunk.
   */
  @Override
  public Flux<ChatClientResponse> adviseStream(ChatClientRequest request, StreamAdvisorChain chain) {
    return Mono.just(request).publishOn(scheduler).map(r -> before(r, chain)).flatMapMany(chain::nextStream)
        .transform(flux -> new ChatClientMessageAggregator().aggregateChatClientResponse(flux,
            aggregated -> after(aggregated, chain)));
  }

  /**
   * The chat memory advisors' default order in the Spring AI on the class path: read when the class loads,
   * because the compiler would copy in the value of the Spring AI it compiled against, and Spring AI 1 (Spring
   * Boot 3) and 2 give the constant different values.
   */
  private static int chatMemoryOrder() {
    try {
      return Advisor.class.getField("DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER").getInt(null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Spring AI's Advisor has no DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER", e);
    }
  }

  private static String conversation(Map<String, ?> context) {
    Object id = context.get(ChatMemory.CONVERSATION_ID);
    return id == null ? DEFAULT_CONVERSATION : String.valueOf(id);
  }

  /** Chooses an advisor's order, prompt template, scheduler and whether it learns. */
  public static final class Builder {
    private final HostedMemory memory;
    private boolean learn = true;
    private int order = DEFAULT_ORDER;
    private PromptTemplate promptTemplate = DEFAULT_PROMPT_TEMPLATE;
    private Scheduler scheduler = DEFAULT_SCHEDULER;

    private Builder(HostedMemory memory) {
      this.memory = Objects.requireNonNull(memory, "memory");
    }

    /** Whether each exchange is read by the extraction pass after the call (default true). */
    public Builder learn(boolean value) {
      this.learn = value;
      return this;
    }

    /**
     * The advisor's order (default {@link #DEFAULT_ORDER}). Keep it after the chat memory advisor's: before
     * it, the advisor sees only the new message, so it would send again what the conversation holds.
     */
    public Builder order(int value) {
      this.order = value;
      return this;
    }

    /**
     * How the recalled memories are added to the user's message (default {@link #DEFAULT_PROMPT_TEMPLATE}).
     *
     * @throws IllegalArgumentException when the template lacks the {@code query} or {@code memories}
     *     placeholder
     */
    public Builder promptTemplate(PromptTemplate value) {
      Objects.requireNonNull(value, "promptTemplate");
      List<String> missing = new ArrayList<>();
      for (String placeholder : List.of("query", "memories")) {
        if (!value.getTemplate().contains(placeholder)) {
          missing.add(placeholder);
        }
      }
      if (!missing.isEmpty()) {
        throw new IllegalArgumentException("the prompt template must hold the placeholders " + missing);
      }
      this.promptTemplate = value;
      return this;
    }

    /** Where {@link #before} runs when the answer is streamed (default: Spring AI's bounded elastic one). */
    public Builder scheduler(Scheduler value) {
      this.scheduler = Objects.requireNonNull(value, "scheduler");
      return this;
    }

    /** The advisor. */
    public EngramAdvisor build() {
      return new EngramAdvisor(this);
    }
  }
}
