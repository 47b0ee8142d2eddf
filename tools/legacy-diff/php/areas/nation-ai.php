<?php
// The legacy nation AI's choice for an NPC chief's turn (GeneralAI::chooseNationTurn over
// the seat's resting nation turn, as TurnExecutionHelper asks it) on MariaDB with the legacy
// schema. The answer: the chosen nation command and argument, then what the AI wrote on the
// way — every general's office and permission (promotions, 외교권자) and the nation's
// chief_set, rate and bill.
use sammo\{DB, GeneralAI, KVStorage, LastTurn};
use function sammo\buildNationCommandClass;

require_once __DIR__ . '/../ai.php';

function run_case(array $case): array
{
    return ai_case($case, function ($general) {
        $db = DB::db();
        $env = KVStorage::getStorage($db, 'game_env')->getAll();
        $level = $general->getVar('officer_level');
        $lastTurn = LastTurn::fromRaw(KVStorage::getStorage($db, $general->getNationID(), 'nation_env')->getValue("turn_last_{$level}"));
        $cmd = (new GeneralAI($general))->chooseNationTurn(buildNationCommandClass(null, $general, $env, $lastTurn));
        return [$cmd, [
            'offices' => $db->queryAllLists('SELECT no, officer_level, officer_city, permission FROM general ORDER BY no'),
            'nation' => $db->queryFirstRow('SELECT chief_set, rate, bill FROM nation WHERE nation = %i', $general->getNationID()),
        ]];
    });
}
