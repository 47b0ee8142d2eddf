<?php
// PHP's own round() and number_format(), which the legacy uses wherever it rounds.
function run_case(array $case): array
{
    $v = (float)$case['value'];
    $p = $case['places'];
    return ['round' => round($v, $p), 'plain' => number_format($v, $p, '.', ''), 'grouped' => number_format($v, $p)];
}
