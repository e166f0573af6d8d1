package io.engram.testing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.core.domain.JavaModifier;
import java.util.List;
import java.util.Set;

/**
 * The rules every surface module's architecture test applies: the hooks are answered by the runner the project's
 * {@code io.engram.Engram} builds ({@code engram.hooks()}), never by one a surface wires itself, so a hook gets the
 * same answer from the command line, the service, MCP, the UI and the demo; and no surface builds any other engine
 * the Engram hands out either (recall, the dream, past sessions, notes, instruction files, compaction, extraction,
 * the context levels, the review inbox).
 */
public final class CompositionRoot {
  /** The engines a surface asks the Engram for: their constructors and static factories are the Engram's to call. */
  static final Set<String> ENGINES = Set.of(
      "io.engram.hooks.HookRunner",
      "io.engram.recall.MemoryRecall",
      "io.engram.dream.Dream",
      "io.engram.history.PastSessions",
      "io.engram.notes.NotesStore",
      "io.engram.notes.SessionNotesKeeper",
      "io.engram.instructions.InstructionLoader",
      "io.engram.compaction.SessionCompaction",
      "io.engram.extract.ExtractionPass",
      "io.engram.levels.ContextLevelKeeper",
      "io.engram.review.Inbox");

  private CompositionRoot() {}

  /** Fails, naming each call, when main code of the module holding {@code member} builds a HookRunner itself. */
  public static void assertHooksComeFromTheEngramInModuleOf(Class<?> member) {
    assertHooksComeFromTheEngram(PackageCycles.mainClassesBeside(member));
  }

  /** Fails, naming each call, when a class of {@code classes} other than the Engram builds a HookRunner. */
  public static void assertHooksComeFromTheEngram(JavaClasses classes) {
    noClasses().that().doNotHaveFullyQualifiedName("io.engram.Engram")
        .and().resideOutsideOfPackage("io.engram.hooks")
        .should().callConstructorWhere(DescribedPredicate.describe("the constructor is HookRunner's",
            (JavaConstructorCall call) -> call.getTargetOwner().getName().equals("io.engram.hooks.HookRunner")))
        .as("no class but io.engram.Engram should build a HookRunner (ask the project's Engram for hooks())")
        .allowEmptyShould(true)
        .check(classes);
  }

  /**
   * Fails, naming each call, when main code of the module holding {@code member} builds one of the Engram's engines
   * itself; {@code allowed} names the classes or packages (ending in {@code ..}) that may: where the product's ports
   * are wired for the Engram's builder, a benchmark of one engine alone.
   */
  public static void assertEnginesComeFromTheEngramInModuleOf(Class<?> member, String... allowed) {
    assertEnginesComeFromTheEngram(PackageCycles.mainClassesBeside(member), allowed);
  }

  /** As {@link #assertEnginesComeFromTheEngramInModuleOf}, over {@code classes}. */
  public static void assertEnginesComeFromTheEngram(JavaClasses classes, String... allowed) {
    List<String> exempt = List.of(allowed);
    DescribedPredicate<JavaClass> exempted = DescribedPredicate.describe("allowed", c -> exempt.stream()
        .anyMatch(a -> a.endsWith("..") ? (c.getPackageName() + ".").startsWith(a.substring(0, a.length() - 1))
            : c.getName().equals(a) || c.getName().startsWith(a + "$")));
    noClasses().that().doNotHaveFullyQualifiedName("io.engram.Engram")
        .and(DescribedPredicate.not(exempted))
        .should().callCodeUnitWhere(DescribedPredicate.describe("it builds one of the Engram's engines",
            CompositionRoot::buildsAnEngine))
        .as("no surface should build an engine the project's io.engram.Engram hands out (" + ENGINES.stream()
            .map(e -> e.substring(e.lastIndexOf('.') + 1)).sorted().toList() + "): ask the Engram")
        .allowEmptyShould(true)
        .check(classes);
  }

  private static boolean buildsAnEngine(JavaCall<?> call) {
    String owner = call.getTargetOwner().getName();
    String origin = call.getOriginOwner().getName();
    if (!ENGINES.contains(owner) || origin.equals(owner) || origin.startsWith(owner + "$")) {
      return false; // an engine's own copy methods build it too
    }
    if (call instanceof JavaConstructorCall) {
      return true;
    }
    // A static method that returns its own class is a factory (Inbox.of, SessionNotesKeeper.forProject).
    return call.getTarget().getRawReturnType().getName().equals(owner)
        && call.getTarget().resolveMember().map(m -> m.getModifiers().contains(JavaModifier.STATIC)).orElse(false);
  }
}
