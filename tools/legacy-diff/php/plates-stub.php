<?php
// The battle log's HTML template engine (league/plates) only renders the result card of
// each encounter, which no area compares; this stand-in renders nothing.
namespace League\Plates;

if (!class_exists(Engine::class, false)) {
    class Engine
    {
        public function __construct(string $directory) {}

        public function render(string $name, array $data = []): string
        {
            return '';
        }
    }
}
