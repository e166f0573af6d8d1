package io.engram.springai;

import io.engram.hosted.HostedMemory;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.ChatMemoryRepository;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Spring Boot auto-configuration of Engram: the project's {@link HostedMemory} from {@code engram.*}
 * properties, and over it the advisor, the tools, a {@link ChatMemory} that compacts instead of trimming to a
 * window of messages, and a {@link ChatMemoryRepository} when the application has none; each backs off for a
 * bean of the same type the application declares. It runs before Spring AI's chat memory auto-configuration
 * (whose 20-message window would otherwise trim the conversation long before it needs compacting) and after
 * Spring AI's chat memory repositories (so a JDBC, Cassandra, MongoDB, Neo4j or Redis repository is the one
 * Engram's chat memory keeps the messages in). {@code engram.enabled=false} turns it off.
 */
@AutoConfiguration(
    beforeName = EngramAutoConfiguration.SPRING_AI_CHAT_MEMORY + "autoconfigure.ChatMemoryAutoConfiguration",
    afterName = {
        EngramAutoConfiguration.SPRING_AI_REPOSITORY
            + "cassandra.autoconfigure.CassandraChatMemoryRepositoryAutoConfiguration",
        EngramAutoConfiguration.SPRING_AI_REPOSITORY + "jdbc.autoconfigure.JdbcChatMemoryRepositoryAutoConfiguration",
        EngramAutoConfiguration.SPRING_AI_REPOSITORY + "mongo.autoconfigure.MongoChatMemoryAutoConfiguration",
        EngramAutoConfiguration.SPRING_AI_REPOSITORY + "neo4j.autoconfigure.Neo4jChatMemoryRepositoryAutoConfiguration",
        EngramAutoConfiguration.SPRING_AI_REPOSITORY + "redis.autoconfigure.RedisChatMemoryRepositoryAutoConfiguration",
        EngramAutoConfiguration.SPRING_AI_CHAT_MEMORY + "redis.autoconfigure.RedisChatMemoryAutoConfiguration"})
@ConditionalOnClass(ChatClient.class)
@ConditionalOnProperty(prefix = "engram", name = "enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(EngramProperties.class)
public class EngramAutoConfiguration {
  static final String SPRING_AI_CHAT_MEMORY = "org.springframework.ai.model.chat.memory.";
  static final String SPRING_AI_REPOSITORY = SPRING_AI_CHAT_MEMORY + "repository.";

  /**
   * The project's memory; closed with the context (the extraction passes still waiting run at the next start).
   *
   * @throws UncheckedIOException when the project directory cannot be read
   */
  @Bean
  @ConditionalOnMissingBean
  public HostedMemory engramMemory(EngramProperties properties) {
    try {
      return properties.memoryBuilder().build();
    } catch (IOException e) {
      throw new UncheckedIOException("Engram could not open the memory its engram.* properties name: "
          + e.getMessage(), e);
    }
  }

  /** The advisor that recalls before each call and learns after it. */
  @Bean
  @ConditionalOnMissingBean
  public EngramAdvisor engramAdvisor(HostedMemory memory, EngramProperties properties) {
    return EngramAdvisor.builder(memory).learn(properties.resolvedLearn()).build();
  }

  /** Where conversations are kept when the application has no repository of its own: in Engram's home. */
  @Bean
  @ConditionalOnMissingBean(ChatMemoryRepository.class)
  public EngramChatMemoryRepository engramChatMemoryRepository(HostedMemory memory) {
    return new EngramChatMemoryRepository(memory);
  }

  /** The chat memory that keeps whole conversations and compacts them at the critical level of the window. */
  @Bean
  @ConditionalOnMissingBean(ChatMemory.class)
  public EngramChatMemory engramChatMemory(HostedMemory memory, EngramProperties properties,
      ChatMemoryRepository repository) {
    return EngramChatMemory.builder(memory).chatMemoryRepository(repository)
        .windowTokens(properties.resolvedWindowTokens(memory.defaultWindowTokens())).build();
  }

  /** The memory tools. */
  @Bean
  @ConditionalOnMissingBean
  public EngramMemoryTools engramMemoryTools(HostedMemory memory) {
    return new EngramMemoryTools(memory);
  }
}
