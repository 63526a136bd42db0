package io.gpulab.app.gui.view;

import io.gpulab.app.gui.vm.Formats;
import io.gpulab.engine.api.LockView;
import java.time.Duration;
import java.time.Instant;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/** HAMi's node lock: a padlock, the holder pod and the virtual-time countdown to its expiry. */
public final class LockBadge extends HBox {

    public LockBadge(String node, LockView lock, Instant now) {
        super(6);
        getStyleClass().add("lock-badge");
        setId("lock-" + node);
        setAlignment(Pos.CENTER_LEFT);
        Duration left = Duration.between(now, lock.expires());
        // HAMi frees a lock only once it is strictly older than nodeLockExpire: at the instant it turns 5m0s old
        // it still holds (a bind then fails "locked within 5m0s")
        boolean expired = left.isNegative();
        if (expired) {
            getStyleClass().add("expired");
        }
        Label holder = new Label(lock.holder().isEmpty() ? "bare timestamp lock" : lock.holder());
        holder.getStyleClass().add("lock-holder");
        String expire = Formats.duration(Duration.between(lock.since(), lock.expires()));
        Label timer = new Label(expired ? "expired — next bind takes it over"
                : left.isZero() ? "expires right after now (HAMi frees it only once older than " + expire + ")"
                : "expires in " + Formats.countdown(left));
        timer.getStyleClass().add("lock-timer");
        timer.setId("lock-timer-" + node);
        Label what = new Label("node lock");
        // read whole where the trainee reads it (node-lock step 4 on a projector): "node lock" and the holder keep
        // their width and the countdown wraps under them; it was cut "default/gpu-… expires right after now (HAMi
        // frees it only once older th…" even at 1920x1080. The whole sentence is also on the badge's tooltip.
        what.setMinWidth(Region.USE_PREF_SIZE);
        holder.setMinWidth(Region.USE_PREF_SIZE);
        timer.setWrapText(true);
        timer.setMinWidth(0);
        timer.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(timer, javafx.scene.layout.Priority.ALWAYS);
        Tooltip.install(this, new Tooltip("node lock " + holder.getText() + ": " + timer.getText()
                + (expired || left.isZero() ? "" : " (HAMi frees it once older than " + expire + ")")));
        getChildren().addAll(Icons.icon(Icons.LOCK, 14, "lock-icon"), what, holder, timer);
    }
}
