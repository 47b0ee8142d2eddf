<?php
// `recent_war` (a DATETIME(6)) against libs/sammo's `recentWar` (epoch ms, the legacy's
// microsecond digits as thousandths), both from FIXTURE_TURNTIME, libs/sammo's 0 (a
// fixture general's turn comes at it or some seconds after it).

/** Every fixture general's turn time: libs/sammo's epoch 0. */
const FIXTURE_TURNTIME = '2026-01-01 01:00:00.000000';

/** A `recent_war` this many milliseconds (thousandths for the microsecond digits) from the fixture's turn time. */
function fixture_recent_war(?float $offsetMs): ?string
{
    if ($offsetMs === null) return null;
    $micros = (new \DateTimeImmutable(FIXTURE_TURNTIME))->getTimestamp() * 1000000 + (int)round($offsetMs * 1000);
    $at = \DateTimeImmutable::createFromFormat('U.u', sprintf('%d.%06d', intdiv($micros, 1000000), $micros % 1000000));
    return $at->setTimezone(new \DateTimeZone(date_default_timezone_get()))->format('Y-m-d H:i:s.u');
}

/** The inverse: a `recent_war` column as microseconds from the fixture's turn time. */
function fixture_recent_war_offset(?string $recentWar): ?int
{
    if (!$recentWar) return null;
    $at = new \DateTimeImmutable($recentWar);
    return ($at->getTimestamp() - (new \DateTimeImmutable(FIXTURE_TURNTIME))->getTimestamp()) * 1000000 + (int)$at->format('u');
}
