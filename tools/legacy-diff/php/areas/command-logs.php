<?php
// The actor's action log after a general or nation command: see php/commands.php.
require_once __DIR__ . "/../commands.php";

function run_case(array $case): array
{
    return ['logs' => run_command_case($case, $case['kind'], true)['logs']];
}
