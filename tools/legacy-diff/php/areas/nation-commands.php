<?php
// Nation commands: see php/commands.php.
require_once __DIR__ . "/../commands.php";

function run_case(array $case): array
{
    return run_command_case($case, "nation");
}
