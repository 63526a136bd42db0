package io.gpulab.scheduler.filter;

import io.gpulab.scheduler.model.MigPlacement;
import io.gpulab.scheduler.model.MigProfile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * HAMi's MIG placement rules for a card in {@code mig} mode (pkg/device/nvidia: {@code CustomFilterRule},
 * {@code selectMigCandidate}, {@code selectMigPlacement}): profiles are tried smallest memory first (then fewest
 * slices), skipping those smaller than the request; a profile fits when one of its placements overlaps no
 * instance in use. Placements of {@code 1g.} and {@code 3g.} profiles are tried from the highest start down, the
 * others from the lowest up (the ordering of HAMi's source that was read; later versions rank placements by a
 * fragmentation score, which can pick another free placement but never changes whether one exists).
 */
public final class MigRules {

    /** A chosen profile and where its instance goes. */
    public record Choice(MigProfile profile, MigPlacement placement) { }

    private MigRules() {
    }

    /** The instance HAMi would create for {@code memory} MB, or null when none has a free placement. */
    public static @Nullable Choice select(List<MigProfile> profiles, List<MigPlacement> occupied, int memory) {
        List<MigProfile> candidates = new ArrayList<>(profiles);
        candidates.sort(Comparator.comparingInt(MigProfile::memoryMB).thenComparingInt(MigProfile::sliceCount));
        for (MigProfile p : candidates) {
            if (p.memoryMB() < memory) {
                continue;
            }
            MigPlacement free = placement(p, occupied);
            if (free != null) {
                return new Choice(p, free);
            }
        }
        return null;
    }

    private static @Nullable MigPlacement placement(MigProfile p, List<MigPlacement> occupied) {
        List<MigPlacement> ordered = new ArrayList<>(p.placements());
        boolean high = p.name().startsWith("1g.") || p.name().startsWith("3g.");
        ordered.sort(high ? Comparator.comparingInt(MigPlacement::start).reversed()
                : Comparator.comparingInt(MigPlacement::start));
        for (MigPlacement c : ordered) {
            if (occupied.stream().noneMatch(c::overlaps)) {
                return c;
            }
        }
        return null;
    }

    /**
     * {@code CustomFilterRule}: with the instances in use and those this container already took on the card in
     * this Fit ({@code taken}, in order), can one more of {@code memreq} MB be placed?
     */
    static boolean fits(List<MigProfile> profiles, List<MigPlacement> inUse, List<Integer> taken, int memreq) {
        List<MigPlacement> occupied = new ArrayList<>(inUse);
        for (int mem : taken) {
            Choice c = select(profiles, occupied, mem);
            if (c == null) {
                return false;
            }
            occupied.add(c.placement());
        }
        return select(profiles, occupied, memreq) != null;
    }
}
