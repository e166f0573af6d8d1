package io.engram.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.store.memory.chat.ChatMemoryStore;
import io.engram.extract.ExtractionReport;
import io.engram.hosted.HostedMemory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EngramChatMemoryTest {
  @TempDir Path home;
  @TempDir Path project;
  private HostedMemory memory;
  private final AtomicInteger writes = new AtomicInteger();

  @BeforeEach
  void open() throws IOException {
    memory = HostedMemory.builder(home, project).build();
  }

  @AfterEach
  void close() {
    memory.close();
  }

  /** Engram's own store, counting its writes. */
  private ChatMemoryStore counting() {
    EngramChatMemoryStore engram = new EngramChatMemoryStore(memory);
    return new ChatMemoryStore() {
      @Override
      public List<ChatMessage> getMessages(Object id) {
        return engram.getMessages(id);
      }

      @Override
      public void updateMessages(Object id, List<ChatMessage> messages) {
        writes.incrementAndGet();
        engram.updateMessages(id, messages);
      }

      @Override
      public void deleteMessages(Object id) {
        engram.deleteMessages(id);
      }
    };
  }

  private static List<ChatMessage> twoExchanges() {
    return List.of(UserMessage.from("Remember that the staging database is on port 5433."), AiMessage.from("Noted."),
        UserMessage.from("Remember that we deploy with ./deploy.sh --canary."), AiMessage.from("Noted."));
  }

  @Test
  void messagesAddedTogetherAreWrittenOnceAndReadByOnePass() throws Exception {
    EngramChatMemory chat = EngramChatMemory.builder(memory).store(counting()).id("c").build();

    chat.add(twoExchanges());

    assertThat(writes).hasValue(1);
    ExtractionReport pass = chat.lastLearning().orElseThrow().get(30, TimeUnit.SECONDS);
    assertThat(pass.read().fromMessage()).isZero();
    assertThat(pass.read().toMessage()).isEqualTo(4);
    assertThat(memory.store().list().memories()).extracting(m -> m.memory().body())
        .anySatisfy(b -> assertThat(b).contains("5433")).anySatisfy(b -> assertThat(b).contains("--canary"));
  }

  @Test
  void setReplacesTheConversationWithOneWriteAndOnePass() throws Exception {
    EngramChatMemory chat = EngramChatMemory.builder(memory).store(counting()).id("c").build();
    chat.add(UserMessage.from("Hello"), AiMessage.from("Hi."));
    chat.lastLearning().orElseThrow().get(30, TimeUnit.SECONDS);
    writes.set(0);

    List<ChatMessage> replacing = new ArrayList<>(List.of(SystemMessage.from("Be brief.")));
    replacing.addAll(twoExchanges());
    chat.set(replacing);

    assertThat(writes).hasValue(1);
    assertThat(chat.messages()).containsExactlyElementsOf(replacing);
    assertThat(EngramChatMemory.builder(memory).build("c").messages()).containsExactlyElementsOf(replacing);
    chat.lastLearning().orElseThrow().get(30, TimeUnit.SECONDS);
    assertThat(memory.store().list().memories()).extracting(m -> m.memory().body())
        .anySatisfy(b -> assertThat(b).contains("5433"));
    assertThatThrownBy(() -> chat.set(List.of())).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aSystemMessageReplacesTheOneHeldAtTheStart() {
    EngramChatMemory chat = EngramChatMemory.builder(memory).id("c").learn(false).build();

    chat.add(SystemMessage.from("Be brief."), UserMessage.from("Hi"), AiMessage.from("Hello."));
    chat.add(SystemMessage.from("Be thorough."));

    assertThat(chat.messages()).extracting(ChatMessage::type).first().hasToString("SYSTEM");
    assertThat(((SystemMessage) chat.messages().get(0)).text()).isEqualTo("Be thorough.");
    assertThat(chat.messages()).hasSize(3);
    assertThat(chat.lastLearning()).isEmpty();
  }
}
