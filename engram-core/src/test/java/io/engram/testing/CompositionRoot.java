package io.engram.testing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaConstructorCall;

/**
 * The rule every surface module's architecture test applies: the hooks are answered by the runner the project's
 * {@code io.engram.Engram} builds ({@code engram.hooks()}), never by one a surface wires itself, so a hook gets the
 * same answer from the command line, the service, MCP, the UI and the demo.
 */
public final class CompositionRoot {
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
}
