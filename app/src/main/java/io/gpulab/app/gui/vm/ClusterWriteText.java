package io.gpulab.app.gui.vm;

import io.gpulab.engine.api.LabCommand;
import java.util.List;

/** The words of the confirmation asked before a write reaches a real cluster. */
final class ClusterWriteText {

    static final String UNLOCK_WARNING = "This removes hami.io/mutex.lock from the node by hand. It is the "
            + "article's lab workaround for a mock device plugin that never releases the lock, not a production "
            + "procedure: on a real platform the lock belongs to a bind in progress.";

    private ClusterWriteText() {
    }

    /** The commands a real cluster accepts (with permission); everything else controls the simulation. */
    static boolean isWrite(LabCommand c) {
        return c instanceof LabCommand.SubmitPod || c instanceof LabCommand.DeletePod
                || c instanceof LabCommand.Unlock;
    }

    static String action(LabCommand c) {
        if (c instanceof LabCommand.SubmitPod p) {
            return "Create pod " + CommandText.podName(p.manifest()) + " in " + p.tenant();
        } else if (c instanceof LabCommand.DeletePod d) {
            return "Delete pod " + d.podKey() + " in " + d.tenant();
        } else if (c instanceof LabCommand.Unlock u) {
            return "Remove the HAMi node lock on " + u.node() + " in " + u.tenant() + (u.confirmed() == null ? ""
                    : " (held by " + (u.confirmed().holder().isEmpty() ? "a legacy lock" : u.confirmed().holder())
                    + " since " + u.confirmed().since() + ")");
        }
        return CommandText.of(c);
    }

    static String detail(LabCommand c, String backend) {
        String where = "This is a write to the real cluster (" + backend + " backend); it cannot be undone here.";
        return c instanceof LabCommand.Unlock ? where + "\n\n" + UNLOCK_WARNING : where;
    }

    static String steps(List<LabCommand> steps) {
        StringBuilder b = new StringBuilder("These writes go to the real cluster, in order:\n");
        steps.forEach(c -> b.append("  • ").append(action(c)).append('\n'));
        long other = steps.stream().filter(c -> !isWrite(c)).count();
        if (other > 0) {
            b.append(other).append(" simulation-only steps will be refused by the cluster.");
        }
        return b.toString().strip();
    }
}
