package io.engram.springai;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.hosted.HostedMemory;
import java.io.InputStream;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.client.advisor.api.Advisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.ChatMemoryRepository;
import org.springframework.ai.chat.memory.InMemoryChatMemoryRepository;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.UserMessage;
import org.springframework.ai.model.chat.memory.autoconfigure.ChatMemoryAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

class EngramAutoConfigurationTest {
  @TempDir Path home;
  @TempDir Path project;

  /** Engram's auto-configuration beside Spring AI's chat memory one, as an application with both gets them. */
  private ApplicationContextRunner runner() {
    return new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(ChatMemoryAutoConfiguration.class, EngramAutoConfiguration.class))
        .withPropertyValues("engram.home=" + home, "engram.project=" + project);
  }

  @Test
  void engramPropertiesPlaceTheMemoryAndTheBeansOverIt() {
    runner().run(context -> {
      assertThat(context).hasSingleBean(HostedMemory.class).hasSingleBean(EngramAdvisor.class)
          .hasSingleBean(EngramMemoryTools.class);
      HostedMemory memory = context.getBean(HostedMemory.class);
      memory.remember("build", "project", "How to build", "Run ./mvnw verify.");
      assertThat(memory.store().location().projectDir()).startsWith(home);
    });
  }

  @Test
  void theAdvisorRunsAfterTheChatMemoryAdvisorsAndBeforeAToolCallingAdvisorOfTheSpringAiInUse() throws Exception {
    int order = EngramAdvisor.builder(HostedMemory.builder(home, project).build()).build().getOrder();

    // Compiled here, the constant is the value of the Spring AI this test runs on (1 and 2 differ).
    assertThat(order).isGreaterThan(Advisor.DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER);
    Optional<Class<?>> toolCalling = Optional.empty();
    try {
      toolCalling = Optional.of(Class.forName("org.springframework.ai.chat.client.advisor.ToolCallingAdvisor"));
    } catch (ClassNotFoundException e) {
      // Spring AI 1 calls tools inside the chat model, not in an advisor.
    }
    if (toolCalling.isPresent()) {
      assertThat(order).isLessThan(toolCalling.get().getField("DEFAULT_ORDER").getInt(null));
    }
  }

  @Test
  void theChatMemoryIsEngramsCompactingOneNotSpringsWindowAndItsRepositoryIsEngrams() {
    runner().run(context -> {
      assertThat(context.getBean(ChatMemory.class)).isInstanceOf(EngramChatMemory.class);
      assertThat(context.getBean(ChatMemoryRepository.class)).isInstanceOf(EngramChatMemoryRepository.class);
      ChatMemory chatMemory = context.getBean(ChatMemory.class);
      for (int i = 0; i < 30; i++) {
        chatMemory.add("c", List.of(new UserMessage("question " + i), new AssistantMessage("answer " + i)));
      }
      assertThat(chatMemory.get("c")).hasSize(60);
    });
  }

  @Test
  void itIsOrderedBeforeSpringAisChatMemoryAutoConfiguration() {
    AutoConfiguration order = EngramAutoConfiguration.class.getAnnotation(AutoConfiguration.class);

    assertThat(order.beforeName()).contains(ChatMemoryAutoConfiguration.class.getName());
  }

  @Test
  void aRepositoryTheApplicationDeclaresKeepsTheMessagesOfEngramsChatMemory() {
    runner().withUserConfiguration(OwnRepository.class).run(context -> {
      assertThat(context).doesNotHaveBean(EngramChatMemoryRepository.class);
      context.getBean(ChatMemory.class).add("c", List.of(new UserMessage("hello")));
      assertThat(context.getBean(InMemoryChatMemoryRepository.class).findByConversationId("c")).hasSize(1);
    });
  }

  @Test
  void aBeanTheApplicationDeclaresReplacesEngrams() {
    runner().withUserConfiguration(OwnAdvisor.class).run(context ->
        assertThat(context.getBean(EngramAdvisor.class)).isSameAs(context.getBean("mine")));
  }

  @Test
  void engramEnabledFalseTurnsItOff() {
    runner().withPropertyValues("engram.enabled=false").run(context -> {
      assertThat(context).doesNotHaveBean(HostedMemory.class);
      assertThat(context.getBean(ChatMemory.class)).isNotInstanceOf(EngramChatMemory.class);
    });
  }

  @Test
  void aWindowThatIsNotPositiveIsRefusedNamingTheProperty() {
    runner().withPropertyValues("engram.window-tokens=0").run(context ->
        assertThat(context).hasFailed().getFailure().rootCause()
            .hasMessageContaining("engram.window-tokens must be positive"));
  }

  /**
   * The configuration metadata IDEs read names exactly the properties Engram binds ({@link EngramProperties}'
   * components in Spring's kebab case) and the ones its conditions read, each with a description, the type it binds
   * to, and the default where the property has one.
   */
  @Test
  void theConfigurationMetadataDescribesExactlyThePropertiesEngramReads() throws Exception {
    Map<String, JsonNode> described = new HashMap<>();
    try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
      assertThat(in).as("spring-configuration-metadata.json on the class path").isNotNull();
      new ObjectMapper().readTree(in).path("properties").forEach(p -> described.put(p.path("name").asText(), p));
    }
    Map<String, String> read = new HashMap<>();
    for (RecordComponent c : EngramProperties.class.getRecordComponents()) {
      read.put("engram." + c.getName().replaceAll("([A-Z])", "-$1").toLowerCase(Locale.ROOT), c.getType().getName());
    }
    ConditionalOnProperty condition = EngramAutoConfiguration.class.getAnnotation(ConditionalOnProperty.class);
    for (String name : condition.name()) {
      read.put(condition.prefix() + "." + name, Boolean.class.getName());
    }

    assertThat(described.keySet()).as("the properties described").containsExactlyInAnyOrderElementsOf(read.keySet());
    read.forEach((name, type) -> {
      assertThat(described.get(name).path("description").asText()).as(name).isNotBlank();
      assertThat(described.get(name).path("type").asText()).as(name).isEqualTo(type);
    });
    assertThat(described.get("engram.enabled").path("defaultValue").asBoolean()).isTrue();
    assertThat(described.get("engram.learn").path("defaultValue").isBoolean()).as("engram.learn's default").isTrue();
    assertThat(described.get("engram.learn").path("defaultValue").asBoolean()).isTrue();
  }

  @Configuration
  static class OwnAdvisor {
    @Bean
    EngramAdvisor mine(HostedMemory memory) {
      return EngramAdvisor.builder(memory).learn(false).build();
    }
  }

  @Configuration
  static class OwnRepository {
    @Bean
    InMemoryChatMemoryRepository mine() {
      return new InMemoryChatMemoryRepository();
    }
  }
}
