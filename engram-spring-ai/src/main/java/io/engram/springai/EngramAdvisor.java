package io.engram.springai;

import io.engram.hosted.HostedMemory;
import io.engram.hosted.ToolAnswers;
import io.engram.recall.MemoryRecall;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.springframework.ai.chat.client.ChatClientRequest;
import org.springframework.ai.chat.client.ChatClientResponse;
import org.springframework.ai.chat.client.advisor.api.AdvisorChain;
import org.springframework.ai.chat.client.advisor.api.BaseAdvisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.chat.model.Generation;

/**
 * A Spring AI advisor that recalls Engram memories before the call and learns from the exchange after it;
 * see the package comment.
 */
public final class EngramAdvisor implements BaseAdvisor {
  /** The conversation used when the advisor context names none. */
  public static final String DEFAULT_CONVERSATION = "default";

  /** Runs after Spring AI's chat memory advisors, so what they keep is the user's own message. */
  public static final int ORDER = DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER + 100;

  private static final String ASKED = EngramAdvisor.class.getName() + ".asked";

  private final HostedMemory memory;
  private final boolean learn;

  /**
   * An advisor over {@code memory}.
   *
   * @param learn whether each exchange is read by the extraction pass after the call
   */
  public EngramAdvisor(HostedMemory memory, boolean learn) {
    this.memory = Objects.requireNonNull(memory, "memory");
    this.learn = learn;
  }

  @Override
  public int getOrder() {
    return ORDER;
  }

  @Override
  public String getName() {
    return "engram";
  }

  /**
   * Adds the memories recalled for the user's message to it.
   *
   * @throws UncheckedIOException when the memory cannot be read
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
      MemoryRecall.Outcome found = memory.recall(conversation(request.context()), question);
      if (found.result().memories().isEmpty()) {
        return next.build();
      }
      String block = "\n\nWhat Engram remembers that may help (memories from earlier conversations; use them"
          + " if they are relevant):\n\n" + ToolAnswers.sections(found);
      return next.prompt(request.prompt().augmentUserMessage(
          (UserMessage u) -> u.mutate().text(SpringMessages.text(u) + block).build())).build();
    } catch (IOException e) {
      throw new UncheckedIOException("Engram could not recall for the user's message: " + e.getMessage(), e);
    }
  }

  /**
   * Runs the extraction pass on the exchange: the messages as asked (without the recalled memories) and
   * the answer.
   *
   * @throws UncheckedIOException when what the pass learnt cannot be written
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
    try {
      memory.learn(conversation(response.context()), SpringMessages.toTranscript(exchange));
    } catch (IOException e) {
      throw new UncheckedIOException("Engram could not learn from the exchange: " + e.getMessage(), e);
    }
    return response;
  }

  private static String conversation(java.util.Map<String, Object> context) {
    Object id = context.get(ChatMemory.CONVERSATION_ID);
    return id == null ? DEFAULT_CONVERSATION : String.valueOf(id);
  }
}
