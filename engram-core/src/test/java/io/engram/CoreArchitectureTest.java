package io.engram;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import io.engram.testing.CompositionRoot;
import io.engram.testing.PackageCycles;
import io.engram.testing.PublicFaces;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The shape of engram-core's main code: its packages form no cycle, it depends on no other Engram
 * module and on none of the frameworks those modules wrap, and it holds no program (benchmarks and
 * tools with a {@code main} live in their own modules).
 */
class CoreArchitectureTest {
  private static final JavaClasses CORE = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
      .importPackages("io.engram");

  /** The frameworks that belong to other modules: command line, HTTP servers, MCP, Lucene, ONNX, JMH. */
  private static final String[] OTHER_MODULES_FRAMEWORKS = {
    "picocli..", "com.sun.net.httpserver..", "jakarta.servlet..", "org.eclipse.jetty..",
    "io.modelcontextprotocol..", "org.apache.lucene..", "ai.onnxruntime..", "dev.langchain4j..",
    "org.openjdk.jmh.."};

  @Test
  void theRulesSeeEngramCoresMainClasses() {
    // A rule over no classes passes whatever it says.
    assertThat(CORE.containPackage("io.engram.memory")).isTrue();
    assertThat(CORE.size()).isGreaterThan(100);
  }

  @Test
  void corePackagesFormNoCycle() {
    PackageCycles.assertNone(CORE);
  }

  @Test
  void coreDependsOnNoOtherEngramModule() {
    Set<String> corePackages = CORE.stream().map(JavaClass::getPackageName).collect(Collectors.toSet());
    DescribedPredicate<JavaClass> engramOutsideCore = DescribedPredicate.describe(
        "are Engram classes outside engram-core (" + String.join(", ", corePackages.stream().sorted().toList()) + ")",
        c -> c.getPackageName().startsWith("io.engram") && !corePackages.contains(c.getPackageName()));
    noClasses().should().dependOnClassesThat(engramOutsideCore).check(CORE);
  }

  @Test
  void coreDependsOnNoFrameworkThatAnotherModuleWraps() {
    noClasses().should().dependOnClassesThat().resideInAnyPackage(OTHER_MODULES_FRAMEWORKS).check(CORE);
  }

  @Test
  void noCoreClassHasAMainMethod() {
    ArchCondition<JavaClass> declareMain = new ArchCondition<>("declare public static void main(String[])") {
      @Override
      public void check(JavaClass c, ConditionEvents events) {
        c.getMethods().stream()
            .filter(m -> m.getName().equals("main") && m.getModifiers().contains(JavaModifier.STATIC)
                && m.getModifiers().contains(JavaModifier.PUBLIC)
                && m.getRawParameterTypes().size() == 1 && m.getRawParameterTypes().get(0).isArray())
            .forEach(m -> events.add(SimpleConditionEvent.satisfied(m, m.getFullName() + " is a program entry point")));
      }
    };
    noClasses().should(declareMain).check(CORE);
  }

  @Test
  void mainCodeUsesOnlyThePublicTypesOfOtherCorePackages() {
    ArchCondition<JavaClass> reachOnlyPublicTypes = new ArchCondition<>(
        "use only public types of other core packages") {
      @Override
      public void check(JavaClass c, ConditionEvents events) {
        c.getDirectDependenciesFromSelf().forEach(d -> {
          JavaClass target = d.getTargetClass();
          boolean otherCorePackage = CORE.contain(target.getName())
              && !target.getPackageName().equals(c.getPackageName());
          if (otherCorePackage && !PublicFaces.effectivelyPublic(target)) {
            events.add(SimpleConditionEvent.violated(d, d.getDescription()));
          }
        });
      }
    };
    classes().should(reachOnlyPublicTypes).check(CORE);
  }

  @Test
  void hooksComeFromTheEngram() {
    CompositionRoot.assertHooksComeFromTheEngram(CORE);
  }

  @Test
  void thePublicFaceNamesOnlyPublicTypes() {
    PublicFaces.assertWhole(CORE);
  }

  @Test
  void noTwoTopLevelCoreTypesShareAName() {
    Map<String, List<String>> bySimpleName = CORE.stream()
        .filter(c -> c.isTopLevelClass() && !c.getSimpleName().equals("package-info"))
        .collect(Collectors.groupingBy(JavaClass::getSimpleName, TreeMap::new,
            Collectors.mapping(JavaClass::getName, Collectors.toList())));
    bySimpleName.values().removeIf(names -> names.size() < 2);
    assertThat(bySimpleName).as("types whose names can be confused").isEmpty();
  }
}
