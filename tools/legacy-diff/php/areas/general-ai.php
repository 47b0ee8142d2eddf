<?php
// The legacy GeneralAI's choice for an NPC's turn on MariaDB with the legacy schema: the
// case's rows, the AI built as TurnExecutionHelper builds it (its stream GeneralAI, year,
// month, general), chooseGeneralTurn over the general's resting slot 0.
use sammo\{DB, GeneralAI, KVStorage};

require_once __DIR__ . '/../ai.php';

function run_case(array $case): array
{
    return ai_case($case, function ($general) {
        $env = KVStorage::getStorage(DB::db(), 'game_env')->getAll();
        return [(new GeneralAI($general))->chooseGeneralTurn($general->getReservedTurn(0, $env)), []];
    });
}
