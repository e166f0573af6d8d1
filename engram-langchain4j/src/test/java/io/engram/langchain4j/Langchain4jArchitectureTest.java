package io.engram.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.engram.testing.CompositionRoot;
import io.engram.testing.PackageCycles;
import io.engram.testing.PublicFaces;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The shape of engram-langchain4j's main code: its packages form no cycle, their public faces name only public types,
 * and it needs nothing of LangChain4j beyond {@code langchain4j-core}, so an application picks the rest.
 */
class Langchain4jArchitectureTest {
  @Test
  void packagesFormNoCycle() {
    PackageCycles.assertNoneInModuleOf(EngramContentRetriever.class);
  }

  @Test
  void publicMembersNameOnlyPublicTypes() {
    PublicFaces.assertWholeInModuleOf(EngramContentRetriever.class);
  }

  @Test
  void enginesComeFromTheEngram() {
    CompositionRoot.assertEnginesComeFromTheEngramInModuleOf(EngramContentRetriever.class);
  }

  @Test
  void everyLangchain4jTypeTheAdapterUsesComesFromLangchain4jCore() throws Exception {
    JavaClasses adapter = new ClassFileImporter().importPath(
        Path.of(EngramContentRetriever.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
    Set<String> used = adapter.stream().flatMap(c -> c.getDirectDependenciesFromSelf().stream())
        .map(Dependency::getTargetClass).map(t -> t.getBaseComponentType().getName())
        .filter(name -> name.startsWith("dev.langchain4j.")).collect(Collectors.toSet());
    assertThat(used).as("the LangChain4j types the adapter uses").isNotEmpty();

    TreeMap<String, String> elsewhere = new TreeMap<>();
    for (String name : used) {
      Class<?> type = Class.forName(name, false, getClass().getClassLoader());
      String jar = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).getFileName().toString();
      if (!jar.startsWith("langchain4j-core-")) {
        elsewhere.put(name, jar);
      }
    }
    assertThat(elsewhere).as("LangChain4j types from outside langchain4j-core").isEmpty();
  }
}
