<?php
// Reads {"area": name, "cases": [...]} on stdin, runs each case through the legacy classes
// (php/areas/<area>.php defines run_case) and writes the results, in order, as JSON.
declare(strict_types=1);
require __DIR__ . '/bootstrap.php';
ini_set('serialize_precision', '-1');

$input = json_decode(stream_get_contents(STDIN), true, 512, JSON_THROW_ON_ERROR);
$area = $input['area'];
if (!preg_match('/^[a-z-]+$/', $area) || !is_file(__DIR__ . "/areas/$area.php")) {
    fwrite(STDERR, "no legacy runner for area $area\n");
    exit(2);
}
require __DIR__ . "/areas/$area.php";
$out = [];
foreach ($input['cases'] as $case) {
    try {
        $out[] = ['ok' => run_case($case)];
    } catch (\Throwable $e) {
        $out[] = ['error' => get_class($e) . ': ' . $e->getMessage()];
    }
}
echo json_encode($out, JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION | JSON_THROW_ON_ERROR);
